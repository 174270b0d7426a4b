import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranslationProvider } from '../lib/i18n.ts';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Language } from '@portal/domain';
import { createTestI18n } from '../test/i18n.ts';
import { LeaveGuard } from './leave-guard.tsx';

async function renderGuarded(when: boolean, language: Language = 'en') {
  const router = createMemoryRouter(
    [
      {
        path: '/step',
        element: (
          <>
            <LeaveGuard when={when} />
            <Link to="/elsewhere">Go elsewhere</Link>
          </>
        ),
      },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/step'] },
  );
  render(
    <TranslationProvider i18n={await createTestI18n(language)}>
      <RouterProvider router={router} />
    </TranslationProvider>,
  );
  return router;
}

describe('LeaveGuard', () => {
  it('lets people leave a screen that has nothing unsaved', async () => {
    const router = await renderGuarded(false);
    await userEvent.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks first, and Stay keeps the person on the screen', async () => {
    const router = await renderGuarded(true);
    await userEvent.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this page?' });
    expect(dialog).toHaveTextContent('You have changes that are not saved.');
    await userEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/step');
  });

  it('leaves when the person confirms, in French', async () => {
    const router = await renderGuarded(true, 'fr');
    await userEvent.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    await screen.findByRole('alertdialog', { name: 'Quitter cette page?' });
    await userEvent.click(screen.getByRole('button', { name: 'Quitter sans enregistrer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('asks the browser to warn before the tab is closed', async () => {
    await renderGuarded(true);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});
