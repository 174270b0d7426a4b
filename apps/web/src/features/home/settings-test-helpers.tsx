import { screen } from '@testing-library/react';
import type { Language } from '@portal/domain/enums/define-enum';
import { client, renderApp } from '../../test/render-app.tsx';

export const signedIn = { status: 'signedIn', user: client } as const;

/** The settings page of a signed-in client, once its settings have loaded. */
export async function openSettings(language: Language = 'en', user = signedIn) {
  const rendered = await renderApp({ path: '/home/settings', user, language });
  await screen.findByRole('heading', {
    level: 2,
    name: language === 'fr' ? 'Appareils connectés' : 'Devices signed in',
  });
  return rendered;
}

/** A section of the page by its heading. */
export const section = (name: string) => screen.getByRole('region', { name });
