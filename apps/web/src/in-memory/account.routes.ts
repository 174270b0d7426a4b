import { applicationMessages, refusal, type InMemoryAnswer } from './answers.ts';
import type { InMemoryStore } from './store.ts';

// The sample applicant's account: `users` (who is signed in) and the settings page's `account`.

export function userInfo(store: InMemoryStore) {
  const { user } = store.state;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: store.state.emailVerified,
    onboardingComplete: false,
    ibId: null,
    adminLogin: false,
    trialUser: false,
    advisor: false,
    nameNeedsCorrection: false,
    language: user.language,
  };
}

/** `GET account`: the settings page's view of the sample applicant (no second factor). */
export function settings(store: InMemoryStore) {
  const { user } = store.state;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: store.state.emailVerified,
    pendingEmail: null,
    language: user.language,
    mfa: { required: false, totp: false, sms: null, recoveryCodesLeft: 0 },
  };
}

export function saveLanguage(store: InMemoryStore, body: unknown): InMemoryAnswer {
  const language = (body as { language?: unknown } | undefined)?.language;
  if (language !== 'en' && language !== 'fr') {
    return refusal(400, 'invalidInput', applicationMessages.invalidInput, {
      fields: { language: 'invalid' },
    });
  }
  store.state.user = { ...store.state.user, language };
  return store.commit({ status: 200, body: settings(store) });
}
