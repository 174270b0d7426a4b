import { describe, expect, it } from 'vitest';
import { renderPage } from './page-shell.ts';

const page = { title: 'Sign', siteName: 'Vendor', style: '', brand: '', body: '<p>Hi</p>' };

describe('the page shell', () => {
  it("gives the portal's pages its icon", () => {
    expect(renderPage('en', page)).toContain(
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    );
  });

  it("gives a vendor's page no icon, and says so, so the browser asks for no /favicon.ico", () => {
    const html = renderPage('fr', { ...page, favicon: false });
    expect(html).not.toContain('/favicon.svg');
    expect(html).toContain('<link rel="icon" href="data:,">');
  });
});
