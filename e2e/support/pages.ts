import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';

export type Language = 'en' | 'fr';

export const artifactsDir = path.join(import.meta.dirname, '../artifacts');

/** Starts the visit in a language the way a returning visitor would: with the lang cookie. */
export async function useLanguage(context: BrowserContext, language: Language): Promise<void> {
  await context.addCookies([{ name: 'lang', value: language, url: baseURL }]);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}
