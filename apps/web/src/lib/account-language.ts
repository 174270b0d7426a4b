import { useCallback, useEffect } from 'react';
import { useTranslation } from './i18n.ts';
import type { Language } from '@portal/domain';
import { http } from './http/http.ts';
import { rememberLanguage } from './language.ts';
import { useUpdateUserInfo, useUserInfo } from './user-info.tsx';

/**
 * Once someone is signed in, their account's language wins over the browser's `lang` cookie
 * (issue 12 item 8): a French account opening the app in a fresh English browser sees French.
 * The cookie follows too, so the next visit starts in that language before `users` answers.
 */
export function useFollowAccountLanguage(): void {
  const { i18n } = useTranslation();
  const userInfo = useUserInfo();
  const accountLanguage = userInfo.status === 'signedIn' ? userInfo.user.language : undefined;
  useEffect(() => {
    if (!accountLanguage || accountLanguage === i18n.language) return;
    rememberLanguage(accountLanguage);
    void i18n.changeLanguage(accountLanguage);
    // Only a change of the account's language applies it: the toggle's switch saves its own.
  }, [accountLanguage, i18n]);
}

/**
 * The language switch: the page changes at once and the cookie remembers it; for a signed-in
 * person the choice is also saved to the account (mail and text messages follow it), so the
 * next sign-in from another browser keeps it. A failed save leaves the page switched: the
 * person can still read it, and the settings page shows what the account holds.
 */
export function useSwitchLanguage(): (language: Language) => Promise<void> {
  const { i18n } = useTranslation();
  const userInfo = useUserInfo();
  const updateUserInfo = useUpdateUserInfo();
  const signedIn = userInfo.status === 'signedIn';
  return useCallback(
    async (language: Language) => {
      rememberLanguage(language);
      if (signedIn) updateUserInfo({ language });
      await i18n.changeLanguage(language);
      if (!signedIn) return;
      try {
        await saveAccountLanguage(language);
      } catch {
        // Said above: the page stays in the language chosen.
      }
    },
    [i18n, signedIn, updateUserInfo],
  );
}

/** `PUT account/language` (the settings page's call), with no error page of its own. */
export function saveAccountLanguage(language: Language): Promise<unknown> {
  return http.put('/account/language', { language }, { noErrorPage: true });
}
