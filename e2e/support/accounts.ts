import { expect, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { verifyEmailThroughApi } from './account-security.ts';
import type { Language } from './pages.ts';

export const PASSWORD = 'Maple-Leaf-Harbour-2026';
let counter = 0;

export function newEmail(name = 'journey'): string {
  counter += 1;
  // Letters before the numbers, so no part of an address reads as a mailed 4- or 6-digit code.
  return `${name}.p${process.pid}.t${Date.now()}.n${counter}@example.com`;
}

/** The authorize navigation of the server at `base` (one of the e2e servers). */
export const authorizeNavigationOf = (base: string) =>
  `/security/oauth/authorize?client_id=clientOnlineApp&response_type=token&redirect_uri=${encodeURIComponent(`${base}/#/oauth`)}`;

export const authorizeNavigation = authorizeNavigationOf(baseURL);

/**
 * Creates an account and signs in without the UI (the architecture's scripted contract),
 * proves its email address with the code from the sandbox mailbox (joining and signing need a
 * verified address), then lets the browser take its token through authorize and #/oauth,
 * landing on the dashboard. `verifyEmail: false` leaves the address unproved; `register: false`
 * signs an existing account in on another device (with `password` once it was changed).
 */
export async function signInThroughApi(
  page: Page,
  language: Language = 'en',
  {
    email = newEmail(),
    firstName = 'Alex',
    lastName = 'Martin',
    base = baseURL,
    verifyEmail = true,
    register = true,
    password = PASSWORD,
  }: {
    email?: string;
    firstName?: string;
    lastName?: string;
    base?: string;
    verifyEmail?: boolean;
    register?: boolean;
    password?: string;
  } = {},
): Promise<string> {
  if (register) {
    const created = await page.request.post('/security/register', {
      form: { email, password, firstName, lastName, language },
    });
    expect(created.status()).toBe(201);
  }
  const login = await page.request.post('/security/login', {
    form: { username: email, password },
  });
  expect(login.status()).toBe(204);
  if (register && verifyEmail) await verifyEmailThroughApi(page.request, email);
  await page.goto(authorizeNavigationOf(base));
  await expect(page).toHaveURL(/#\/home\/dashboard$/);
  return email;
}
