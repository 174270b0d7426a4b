import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BRAND_COLOURS } from '@portal/domain/brand';
import { describe, expect, it } from 'vitest';

// Read as a file: the tests do not process CSS.
const tokens = readFileSync(resolve(import.meta.dirname, '../styles/tokens.css'), 'utf8');

/** The server's pages and the mails draw the brand from the domain; the app from its tokens. */
describe('brand colours', () => {
  it.each([
    ['--color-brand', BRAND_COLOURS.brand],
    ['--color-brand-strong', BRAND_COLOURS.brandStrong],
    ['--color-on-brand', BRAND_COLOURS.onBrand],
    ['--color-header-bg', BRAND_COLOURS.headerBg],
    ['--color-header-text', BRAND_COLOURS.headerText],
    ['--color-text', BRAND_COLOURS.text],
    ['--color-text-muted', BRAND_COLOURS.textMuted],
    ['--color-page', BRAND_COLOURS.page],
    ['--color-footer-bg', BRAND_COLOURS.footerBg],
  ])('are the same in the app (%s) and outside it', (token, colour) => {
    expect(tokens).toContain(`${token}: ${colour};`);
  });
});
