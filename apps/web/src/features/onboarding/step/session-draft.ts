import type { OnboardingStep } from '@portal/domain/onboarding-steps';

/**
 * What a step had typed and not saved when the session ended under the person (WCAG 2.2.1:
 * a time limit must not lose their work). It waits in session storage (this tab only, gone
 * when the tab closes) under a key per application and step, until the person is signed in
 * again and opens that step, which takes it back into its form.
 */
const PREFIX = 'portal.stepDraft';

const keyOf = (applicationId: string, step: OnboardingStep) => `${PREFIX}.${applicationId}.${step}`;

/**
 * The sealed numbers (SIN, TIN, U.S. TIN: `sin`, `tin`, `usTin`, and any field named like them,
 * `spouseSin`, `jointTin`) are never written to storage: the server keeps them encrypted and
 * the browser keeps them only while they are on screen (ADR 0008). Their text is blanked, which
 * every step reads as "keep the number on file", so the person types a new one again. Masked
 * values (`tinMasked`) are what the server already shows and stay.
 */
const SEALED_NAME = /^(sin|tin|ustin)$/i;
const SEALED_SUFFIX = /[a-z0-9](Sin|SIN|Tin|TIN)$/;

export function isSealedField(name: string): boolean {
  return SEALED_NAME.test(name) || SEALED_SUFFIX.test(name);
}

/** A copy of the values with every sealed field blanked, at any depth. */
export function withoutSealedFields<T>(values: T): T {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [
        name,
        isSealedField(name) ? (typeof inner === 'string' ? '' : undefined) : walk(inner),
      ]),
    );
  };
  return walk(values) as T;
}

/**
 * Why a draft waits: the session ended under the person (`signedOut`), or the application's
 * screens were left without the leave guard's say (`leftPage`: an address changed outside the
 * router, an error page), which Back returns from. The step tells the person which.
 */
export type DraftReason = 'signedOut' | 'leftPage';

export interface SessionDraft<T> {
  reason: DraftReason;
  values: T;
}

export function saveSessionDraft(
  applicationId: string,
  step: OnboardingStep,
  values: unknown,
  reason: DraftReason = 'signedOut',
): void {
  try {
    const draft: SessionDraft<unknown> = { reason, values: withoutSealedFields(values) };
    window.sessionStorage.setItem(keyOf(applicationId, step), JSON.stringify(draft));
  } catch (error) {
    // A full or refused storage loses the draft, never the sign-in.
    console.warn('could not keep the draft', error);
  }
}

/** Reads the draft without removing it (a render may run twice); `dropSessionDraft` removes it. */
export function readSessionDraft<T>(
  applicationId: string,
  step: OnboardingStep,
): SessionDraft<T> | undefined {
  try {
    const stored = window.sessionStorage.getItem(keyOf(applicationId, step));
    return stored === null ? undefined : (JSON.parse(stored) as SessionDraft<T>);
  } catch {
    return undefined;
  }
}

export function dropSessionDraft(applicationId: string, step: OnboardingStep): void {
  try {
    window.sessionStorage.removeItem(keyOf(applicationId, step));
  } catch {
    // Nothing to remove.
  }
}
