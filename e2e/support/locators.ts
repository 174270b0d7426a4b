import type { Page } from '@playwright/test';

/** The page's main heading. */
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** A step's Save and continue button, in the page's language. */
export const saveAndContinue = (page: Page, t: { saveAndContinue: string }) =>
  page.getByRole('button', { name: t.saveAndContinue, exact: true });

/** The GOV.UK error summary at the top of a form. */
export const errorSummary = (page: Page, t: { errorSummary: string }) =>
  page.getByRole('alert').filter({ has: page.getByRole('heading', { name: t.errorSummary }) });

export const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A link of the error summary by its message: the link may name its field first
 * ("Title: Required."), so only its end is matched.
 */
export const endsWith = (message: string) => new RegExp(`${escapeRegExp(message)}$`);

/** A field's accessible description (hint, then "Error: " and its message) says this. */
export const says = (message: string) => new RegExp(escapeRegExp(message));
