import type { InvestorInput } from '../../lib/advisor-api.ts';

/**
 * The add-investor form's typed values, kept in the tab's sessionStorage (spec section 2,
 * advisor-error): a reload mid-entry loses nothing, and the draft goes once the investor is
 * saved. Tab-scoped, so it ends with the tab on a shared computer.
 */
const KEY = 'portal.advisor.investorDraft';
/** Set while the form is on screen: a reload leaves it behind (no unmount runs then). */
const OPEN_KEY = 'portal.advisor.investorFormOpen';

/** Every answer as typed, the home address's parts among them. */
export type InvestorDraft = Partial<
  Record<
    | Exclude<keyof InvestorInput, 'address'>
    | 'suite'
    | 'streetNumber'
    | 'streetName'
    | 'city'
    | 'provinceId',
    string
  >
>;

export function readInvestorDraft(): InvestorDraft | null {
  try {
    const text = window.sessionStorage.getItem(KEY);
    if (!text) return null;
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const draft = Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    ) as InvestorDraft;
    return Object.values(draft).some((text) => text.trim() !== '') ? draft : null;
  } catch {
    return null;
  }
}

export function saveInvestorDraft(draft: InvestorDraft): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // A full or refused storage only loses the reload safety net, never the form itself.
  }
}

export function clearInvestorDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

export function markFormOpen(open: boolean): void {
  try {
    if (open) window.sessionStorage.setItem(OPEN_KEY, '1');
    else window.sessionStorage.removeItem(OPEN_KEY);
  } catch {
    // Without storage there is no draft either.
  }
}

function formWasOpen(): boolean {
  try {
    return window.sessionStorage.getItem(OPEN_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether this document was loaded by a reload (the browser's navigation entry says so). */
function documentWasReloaded(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  return (entry as PerformanceNavigationTiming | undefined)?.type === 'reload';
}

let reloadAnswer: boolean | undefined;

/**
 * Whether the form opens right after the advisor reloaded it mid-entry: then the spec's
 * advisor-error page says the information is saved. The same answer for every render until the
 * form has sent the advisor there (`reloadShown`), so the way back opens the form with the draft.
 */
export function reloadedMidEntry(): boolean {
  reloadAnswer ??= documentWasReloaded() && formWasOpen() && readInvestorDraft() !== null;
  return reloadAnswer;
}

export function reloadShown(): void {
  reloadAnswer = false;
}

/** For tests: a new document. */
export function resetReloadCheck(): void {
  reloadAnswer = undefined;
}
