/**
 * The moment a signed-in session ends under the person (the idle or absolute limit passed, a
 * call answered 401 and the token could not be renewed, or "Sign out" in the expiry dialog).
 * Screens holding typed work register here to keep it (the onboarding steps save a draft in
 * session storage, see features/onboarding/step/session-draft.ts); the handlers run synchronously
 * before the page leaves for the sign-in page. While the session ends, the leave guards stand
 * aside: what they protect was just kept, and a "Leave site?" prompt would hold the person on
 * a page that can no longer save.
 */
const handlers = new Set<() => void>();
let ending = false;

export function onSessionEnd(handler: () => void): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

/** Runs every handler, once per page (one failing handler does not stop the others). */
export function endSession(): void {
  if (ending) return;
  ending = true;
  for (const handler of [...handlers]) {
    try {
      handler();
    } catch (error) {
      console.warn('a session-end handler failed', error);
    }
  }
}

export function sessionEnding(): boolean {
  return ending;
}

/** For tests: a new page starts with no session ending. */
export function resetSessionEnd(): void {
  ending = false;
  handlers.clear();
}
