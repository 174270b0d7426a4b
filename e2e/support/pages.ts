import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { baseURL, shortCodeBaseURL } from '../playwright.config.ts';

export type Language = 'en' | 'fr';

export const artifactsDir = path.join(import.meta.dirname, '../artifacts');

/**
 * Starts the visit in a language the way a returning visitor would: with the lang cookie, on
 * each host name the servers answer at (a cookie is shared by every port of its host).
 */
export async function useLanguage(context: BrowserContext, language: Language): Promise<void> {
  await context.addCookies(
    [baseURL, shortCodeBaseURL].map((url) => ({ name: 'lang', value: language, url })),
  );
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}
