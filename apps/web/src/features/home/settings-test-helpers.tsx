import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

/**
 * The settings page open with a person to use it (set up before the page opens), and one of
 * its sections by its heading.
 */
export async function openSection(name: string, language: Language = 'en', signedInAs = signedIn) {
  const user = userEvent.setup();
  await openSettings(language, signedInAs);
  return { user, region: section(name) };
}

/** The links of the error summary in a region, in their order, once it shows. */
export async function summaryLinks(region: HTMLElement) {
  const summary = await within(region).findByRole('alert');
  return within(summary)
    .getAllByRole('link')
    .map((link) => link.textContent);
}
