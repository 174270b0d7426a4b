import { BRAND_COLOURS, BRAND_LOGO } from '@portal/domain/brand';
import { describe, expect, it } from 'vitest';
import { mailboxListPage } from '../../modules/outbox/sandbox-mailbox-pages.ts';
import {
  forgotPasswordPage,
  registerPage,
  resetDonePage,
  signInPage,
} from '../../modules/security/security-pages.ts';
import { notFoundPage } from '../../providers/esign/sandbox-esign-pages.ts';

const logo = `<path d="${BRAND_LOGO.markPath}" fill="${BRAND_COLOURS.brand}"/>`;
const headerRule = `border-bottom:4px solid ${BRAND_COLOURS.brand}`;

describe("the server's pages carry the app's brand", () => {
  it.each([
    ['sign-in', signInPage],
    ['registration', registerPage],
    ['forgotten password', forgotPasswordPage],
    ['password reset done', resetDonePage],
  ] as const)('%s: the logo links to the start, named in each language', (_page, render) => {
    const english = render('en');
    expect(english).toContain(logo);
    expect(english).toContain(headerRule);
    expect(english).toContain(
      '<a class="brand" href="/" aria-label="Laurentide Investing, go to the start">',
    );
    expect(render('fr')).toContain('aria-label="Placements Laurentide, aller au début"');
  });

  it("shows the dealer's logo beside the simulated vendor's name on the sandbox pages", () => {
    const ceremony = notFoundPage('fr');
    expect(ceremony).toContain(logo);
    expect(ceremony).toContain(headerRule);
    expect(ceremony).toContain('role="img" aria-label="Placements Laurentide"');
    const mailbox = mailboxListPage('en', { messages: [], links: {} });
    expect(mailbox).toContain(logo);
    expect(mailbox).toContain('role="img" aria-label="Laurentide Investing"');
    expect(mailbox).toContain('<a class="mailbox" href="/sandbox/mailbox">Sandbox mailbox</a>');
  });
});
