import {
  createContext,
  useCallback,
  useContext,
  startTransition,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { Language } from '@portal/domain';
import { configureHttp, http } from './http/http.ts';
import { readAccessToken, subscribeToAccessToken } from './session-token.ts';

/** GET users (spec section 3, "User info"). */
export interface UserInfo {
  firstName: string;
  lastName: string;
  email: string;
  onboardingComplete: boolean;
  ibId: string | null;
  adminLogin: boolean;
  trialUser: boolean;
  advisor: boolean;
  /**
   * Whether the person proved their address with a mailed code (issue "Account security").
   * Absent from older answers: only `false` asks the person to verify.
   */
  emailVerified?: boolean;
  /** The account's preferred language (issue 12 item 8): it wins over the `lang` cookie. */
  language?: Language;
  /**
   * Whether the name was given before the one name rule, which refuses it now (issue 12): the
   * app asks for it to be corrected before anything else. Absent from older answers: no.
   */
  nameNeedsCorrection?: boolean;
}

export type UserInfoState =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: UserInfo };

const UserInfoContext = createContext<UserInfoState>({ status: 'signedOut' });
const UserInfoUpdateContext = createContext<(changes: Partial<UserInfo>) => void>(() => {});

export function useUserInfo(): UserInfoState {
  return useContext(UserInfoContext);
}

/**
 * Tells the shell what changed in the signed-in person (a new name, a verified address), so
 * the header and the dashboard follow without loading `users` again.
 */
export function useUpdateUserInfo(): (changes: Partial<UserInfo>) => void {
  return useContext(UserInfoUpdateContext);
}

export type UserInfoLoader = (token: string) => Promise<UserInfo>;

/** Through the one HTTP client, so an expired token is renewed silently. */
async function fetchUserInfo(): Promise<UserInfo> {
  const user = await http.get<UserInfo>('/users', { noErrorPage: true });
  configureHttp({ username: () => user.email });
  return user;
}

/** The answer of `users` for one token; a new token means a new answer is needed. */
interface Loaded {
  token: string;
  user: UserInfo | null;
}

/**
 * Loads the signed-in person once per token (cached for the session). A failure only stops
 * the loading state (spec section 8: "header user-info failure just stops loading").
 */
export function UserInfoProvider({
  children,
  load = fetchUserInfo,
  initial,
}: {
  children: ReactNode;
  load?: UserInfoLoader;
  /** Fixes the state, for tests and previews. */
  initial?: UserInfoState;
}) {
  const token = useSyncExternalStore(subscribeToAccessToken, readAccessToken, () => null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [changes, setChanges] = useState<Partial<UserInfo>>({});
  const update = useCallback(
    (next: Partial<UserInfo>) => setChanges((previous) => ({ ...previous, ...next })),
    [],
  );

  useEffect(() => {
    if (initial || !token || loaded?.token === token) return;
    let cancelled = false;
    load(token).then(
      // A transition: the whole signed-in screen renders again with the person, in slices
      // that leave the main thread free between them (issue 31: total blocking time).
      (user) => !cancelled && startTransition(() => setLoaded({ token, user })),
      () => !cancelled && startTransition(() => setLoaded({ token, user: null })),
    );
    return () => {
      cancelled = true;
    };
  }, [initial, token, loaded, load]);

  const state = useMemo<UserInfoState>(() => {
    const known: UserInfoState =
      initial ??
      (!token
        ? { status: 'signedOut' }
        : loaded?.token !== token
          ? // A renewed token keeps showing the person already known while it reloads, so
            // screens do not flicker back to their loading state (and lose open lists).
            loaded?.user
            ? { status: 'signedIn', user: loaded.user }
            : { status: 'loading' }
          : loaded.user
            ? { status: 'signedIn', user: loaded.user }
            : { status: 'signedOut' });
    // What the screens changed since (a new name, a proved address) shows at once.
    return known.status === 'signedIn' && Object.keys(changes).length > 0
      ? { status: 'signedIn', user: { ...known.user, ...changes } }
      : known;
  }, [initial, token, loaded, changes]);

  return (
    <UserInfoUpdateContext.Provider value={update}>
      <UserInfoContext.Provider value={state}>{children}</UserInfoContext.Provider>
    </UserInfoUpdateContext.Provider>
  );
}
