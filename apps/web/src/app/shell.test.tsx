import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccountApi } from '../test/fake-account-api.ts';
import { client, renderApp } from '../test/render-app.tsx';

const signedIn = { status: 'signedIn' as const, user: client };
const advisor = { status: 'signedIn' as const, user: { ...client, advisor: true } };

describe('header', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers FAQ, contact us and the French switch in English', async () => {
    await renderApp({ path: '/version' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'FAQ and help' })).toHaveAttribute(
      'href',
      expect.stringContaining('/en/help/faq'),
    );
    expect(within(nav).getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
    expect(
      within(nav).getByRole('button', { name: 'Afficher cette page en français' }),
    ).toHaveTextContent('Français');
  });

  it('switches to French without a reload, remembers it and sets <html lang>', async () => {
    const { router } = await renderApp({ path: '/version' });
    await screen.findByRole('heading', { name: 'About this application' });
    await userEvent.click(screen.getByRole('button', { name: 'Afficher cette page en français' }));
    expect(
      await screen.findByRole('heading', { name: 'À propos de cette application' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'FAQ et aide' })).toHaveAttribute(
      'href',
      expect.stringContaining('/fr/help/faq'),
    );
    expect(document.documentElement.lang).toBe('fr-CA');
    expect(document.cookie).toContain('lang=fr');
    expect(router.state.location.pathname).toBe('/version');
    await userEvent.click(screen.getByRole('button', { name: 'View this page in English' }));
    expect(
      await screen.findByRole('heading', { name: 'About this application' }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-CA');
  });

  it('shows the logout button and the name to a signed-in client', async () => {
    await renderApp({ path: '/version', user: signedIn });
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as Camille Tremblay')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Laurentide Investing, go to the start' }),
    ).toHaveAttribute('href', '/');
  });

  it('links a signed-in client to their settings, beside the logout button', async () => {
    // The settings page asks for the account's settings once it opens.
    fakeAccountApi();
    const { router } = await renderApp({ path: '/version', user: signedIn });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const settings = within(nav).getByRole('link', { name: 'Settings' });
    expect(settings).toHaveAttribute('href', '/home/settings');
    expect(within(nav).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    await userEvent.click(settings);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/settings'));
  });

  it('gives advisors their settings but no logout button, in French', async () => {
    await renderApp({ path: '/version', user: advisor, language: 'fr' });
    const nav = await screen.findByRole('navigation', { name: 'Principale' });
    expect(within(nav).getByRole('link', { name: 'Paramètres' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Se déconnecter' })).not.toBeInTheDocument();
  });

  it('offers no settings to visitors, nor where a screen takes the logout button away', async () => {
    await renderApp({ path: '/version' });
    await screen.findByRole('heading', { name: 'About this application' });
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    await renderApp({ path: '/trial-error', user: signedIn });
    await screen.findByRole('heading', { name: "You're signed in with a trial account" });
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('gives advisors no logout button and a logo that does not navigate', async () => {
    await renderApp({ path: '/version', user: advisor });
    await screen.findByRole('heading', { name: 'About this application' });
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /go to the start/ })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Laurentide Investing' })).toBeInTheDocument();
  });

  it('keeps the logo still while the user is loading', async () => {
    await renderApp({ path: '/version', user: { status: 'loading' } });
    await screen.findByRole('heading', { name: 'About this application' });
    expect(screen.queryByRole('link', { name: /go to the start/ })).not.toBeInTheDocument();
  });

  it('holds a client’s settings and logout while the session is confirmed, so it does not grow', async () => {
    await renderApp({ path: '/version', user: { status: 'loading' } });
    await screen.findByRole('heading', { name: 'About this application' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Settings' })).toBeInTheDocument();
  });

  it('hides the logout button where a screen disables it', async () => {
    await renderApp({ path: '/trial-error', user: signedIn });
    await screen.findByRole('heading', { name: "You're signed in with a trial account" });
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('opens and closes the mobile menu with its toggle', async () => {
    await renderApp({ path: '/version' });
    const toggle = await screen.findByRole('button', { name: /Open menu/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName(/Close menu/);
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toHaveAttribute(
      'data-open',
      'true',
    );
  });

  it('says Close on the phone menu button while open, and closes the menu with Escape', async () => {
    await renderApp({ path: '/version', language: 'fr' });
    const toggle = await screen.findByRole('button', { name: /Ouvrir le menu/ });
    // The word shown beside the icon says what a press does.
    expect(within(toggle).getByText('Menu')).toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAccessibleName('Fermer le menu');
    expect(within(toggle).getByText('Fermer')).toBeVisible();
    expect(within(toggle).queryByText('Menu')).toBeNull();
    await userEvent.tab();
    expect(toggle).not.toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Ouvrir le menu');
    expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the partnership line for a partner cookie, in the language shown', async () => {
    document.cookie = 'partnerSkin=harbour; path=/';
    document.cookie = 'partnerName=Harbour%20Credit%20Union; path=/';
    document.cookie = 'partnerNameFr=Caisse%20Harbour; path=/';
    document.cookie = 'partnerUrl=https%3A%2F%2Fharbour.example.ca%2F; path=/';
    await renderApp({ path: '/version', language: 'fr' });
    const line = await screen.findByTestId('partnership-line');
    expect(line).toHaveTextContent('En partenariat avec Caisse Harbour');
    expect(within(line).getByRole('link', { name: 'Caisse Harbour' })).toHaveAttribute(
      'href',
      'https://harbour.example.ca/',
    );
    expect(document.documentElement.dataset.skin).toBe('harbour');
  });

  it('shows no partnership line without a partner', async () => {
    await renderApp({ path: '/version' });
    await screen.findByRole('heading', { name: 'About this application' });
    expect(screen.queryByTestId('partnership-line')).not.toBeInTheDocument();
  });
});

describe('demonstration banner', () => {
  afterEach(() => document.querySelector('meta[name="portal-environment"]')?.remove());

  function serverSays(environment: string) {
    const meta = document.createElement('meta');
    meta.name = 'portal-environment';
    meta.content = environment;
    document.head.append(meta);
  }

  it('says at the very top that nothing is real while the sandbox vendors are on', async () => {
    serverSays('sandbox');
    const { container } = await renderApp({ path: '/version' });
    const banner = await screen.findByRole('region', { name: 'Demonstration environment' });
    expect(banner).toHaveTextContent(
      /^Demonstration environment: no real accounts, money or messages\. Mail and text messages go to the sandbox mailbox/,
    );
    const mailbox = within(banner).getByRole('link', { name: /sandbox mailbox/ });
    expect(mailbox).toHaveAttribute('href', '/sandbox/mailbox');
    // Browsers keep the space before the hidden words; jsdom's name computation drops it.
    expect(mailbox).toHaveAccessibleName(/^sandbox mailbox ?\(opens in a new window\)$/);
    expect(within(banner).queryByRole('button')).not.toBeInTheDocument();
    // First in the page after the skip link, above the header.
    const page = container.firstElementChild;
    expect(page?.children[1]).toBe(banner);
    expect(banner.compareDocumentPosition(screen.getByRole('banner'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('speaks French and stays on every screen', async () => {
    serverSays('sandbox');
    await renderApp({ path: '/not-found', language: 'fr' });
    const banner = await screen.findByRole('region', { name: 'Environnement de démonstration' });
    expect(banner).toHaveTextContent(
      "Environnement de démonstration : aucun compte, aucun argent ni aucun message n'est réel.",
    );
    expect(
      within(banner).getByRole('link', { name: /boîte de réception de démonstration/ }),
    ).toHaveAttribute('href', '/sandbox/mailbox');
  });

  it('is absent in production, and for any other environment', async () => {
    await renderApp({ path: '/version' });
    await screen.findByRole('heading', { name: 'About this application' });
    expect(screen.queryByRole('region', { name: 'Demonstration environment' })).toBeNull();
    serverSays('production');
    await renderApp({ path: '/version' });
    expect(screen.queryByRole('region', { name: 'Demonstration environment' })).toBeNull();
  });
});

describe('footer', () => {
  it('hides the policy links from visitors who are not signed in', async () => {
    await renderApp({ path: '/version' });
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).queryByRole('link', { name: 'Accessibility' })).not.toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: /Privacy at a glance/ })).toBeInTheDocument();
  });

  it('hides the policy links while the user is loading', async () => {
    await renderApp({ path: '/version', user: { status: 'loading' } });
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).queryByRole('link', { name: 'Terms of use' })).not.toBeInTheDocument();
  });

  it('shows accessibility, privacy, terms and security to a signed-in client', async () => {
    await renderApp({ path: '/version', user: signedIn });
    const footer = await screen.findByRole('contentinfo');
    for (const name of ['Accessibility', 'Privacy policy', 'Terms of use', 'Security']) {
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it('links both regulators and states the current year', async () => {
    await renderApp({ path: '/version', language: 'fr' });
    const footer = await screen.findByRole('contentinfo');
    expect(
      within(footer).getByRole('link', { name: /Fonds canadien de protection des investisseurs/ }),
    ).toHaveAttribute('href', 'https://www.cipf.ca/fr');
    expect(
      within(footer).getByRole('link', { name: /Organisme canadien de réglementation/ }),
    ).toHaveAttribute('href', 'https://www.ciro.ca/fr');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Placements Laurentide inc.`);
  });
});

describe('page title', () => {
  it('is the online-applications title plus the page title, in each language', async () => {
    await renderApp({ path: '/not-found' });
    await waitFor(() => expect(document.title).toBe('Online Applications | Page not found'));
    await renderApp({ path: '/error', language: 'fr' });
    await waitFor(() => expect(document.title).toBe('Demandes en ligne | Problème technique'));
  });
});
