/**
 * A trial user who answered No to "log out of your trial account?" (spec sections 2 and 6)
 * stays on the client home for the rest of the browser session instead of being asked again.
 */
const KEY = 'portal.trialStay';

export function rememberTrialStay(): void {
  try {
    sessionStorage.setItem(KEY, 'yes');
  } catch {
    // Storage refused (private mode): the question is asked again on the next visit, no harm.
  }
}

export function trialStayChosen(): boolean {
  try {
    return sessionStorage.getItem(KEY) === 'yes';
  } catch {
    return false;
  }
}

/** Where a trial user's Yes leads: logged out, then to the open-account (registration) page. */
export const trialLogoutPath = '/logout?then=openAccount';
