import Bowser from 'bowser';
import type { SessionSummary, SessionTimes } from '@portal/domain/rules/account-security';
import type { Database } from '../../db/client.ts';
import type { TokenCache } from '../../lib/token-cache/token-cache.ts';
import type { AuthenticatedUser, Client, SecurityDeps } from './security-deps.ts';
import type { SecurityPolicy } from './security-policy.ts';
import * as repo from './security.repo.ts';
import { hashSecret, newSecret } from './session-secrets.ts';

/**
 * Sessions and access tokens (spec section 7; ADR 0025): a session started, kept alive, read and
 * ended; the bearer tokens it issues, each use keeping one alive; the settings page's list of a
 * person's sessions.
 */

/** The person a live session cookie belongs to, if any (without extending the session). */
export async function sessionUser(
  deps: Pick<SecurityDeps, 'db'>,
  sessionSecret: string | undefined,
  now = new Date(),
): Promise<repo.UserRow | undefined> {
  if (!sessionSecret) return undefined;
  const session = await repo.findLiveSession(deps.db, hashSecret(sessionSecret), now);
  return session ? repo.findUserById(deps.db, session.userId) : undefined;
}

/**
 * Starts a session; the one this browser held before (another person's, or the same person's
 * older one) ends with it, so a shared computer never keeps two sign-ins alive.
 */
export async function startSession(
  deps: Pick<SecurityDeps, 'db' | 'policy' | 'tokens'>,
  userId: string,
  client: Pick<Client, 'userAgent' | 'replacesSession'> = {},
  now = new Date(),
): Promise<string> {
  const { db, policy } = deps;
  if (client.replacesSession) {
    const previous = await repo.findLiveSession(db, hashSecret(client.replacesSession), now);
    if (previous) await revokeSession(deps, previous.id, now);
  }
  const sessionSecret = newSecret();
  await repo.insertSession(db, {
    userId,
    secretHash: hashSecret(sessionSecret),
    idleExpiresAt: new Date(now.getTime() + policy.sessionIdleMs),
    absoluteExpiresAt: new Date(now.getTime() + policy.sessionMaxMs),
    userAgent: client.userAgent?.slice(0, 300) ?? null,
    lastSeenAt: now,
  });
  return sessionSecret;
}

/** A fresh access token for a live session (which it also keeps alive), or null. */
export async function issueAccessToken(
  deps: Pick<SecurityDeps, 'db' | 'policy'>,
  sessionSecret: string | undefined,
  now = new Date(),
): Promise<string | null> {
  const { db, policy } = deps;
  if (!sessionSecret) return null;
  const session = await repo.findLiveSession(db, hashSecret(sessionSecret), now);
  if (!session) return null;
  await repo.extendSession(db, session.id, new Date(now.getTime() + policy.sessionIdleMs), now);
  const token = newSecret();
  await repo.insertAccessToken(db, {
    sessionId: session.id,
    userId: session.userId,
    tokenHash: hashSecret(token),
    expiresAt: new Date(now.getTime() + policy.accessTokenIdleMs),
  });
  return token;
}

const timesOf = (
  session: { idleExpiresAt: Date; absoluteExpiresAt: Date },
  now: Date,
): SessionTimes => ({
  idleExpiresAt: session.idleExpiresAt.toISOString(),
  absoluteExpiresAt: session.absoluteExpiresAt.toISOString(),
  now: now.toISOString(),
});

/** Extends a live session; answers its times, or null when there is none. */
export async function refreshSession(
  deps: Pick<SecurityDeps, 'db' | 'policy'>,
  sessionSecret: string | undefined,
  now = new Date(),
): Promise<SessionTimes | null> {
  if (!sessionSecret) return null;
  const session = await repo.findLiveSession(deps.db, hashSecret(sessionSecret), now);
  if (!session) return null;
  const extended = await repo.extendSession(
    deps.db,
    session.id,
    new Date(now.getTime() + deps.policy.sessionIdleMs),
    now,
  );
  return timesOf(extended ?? session, now);
}

/** A live session's times, without extending it (the expiry dialog reads them). */
export async function sessionTimes(
  deps: Pick<SecurityDeps, 'db'>,
  sessionSecret: string | undefined,
  now = new Date(),
): Promise<SessionTimes | null> {
  if (!sessionSecret) return null;
  const session = await repo.findLiveSession(deps.db, hashSecret(sessionSecret), now);
  return session ? timesOf(session, now) : null;
}

/** Writes a token's new expiry at most once a minute (or a quarter of its life), not per call. */
const extendGranularityMs = (policy: SecurityPolicy) =>
  Math.min(60_000, policy.accessTokenIdleMs / 4);

/** The new expiry when the stored one is more than the granularity behind, else null. */
function renewalDue(policy: SecurityPolicy, expiresAt: Date, now: Date): Date | null {
  const renewed = new Date(now.getTime() + policy.accessTokenIdleMs);
  return renewed.getTime() - expiresAt.getTime() > extendGranularityMs(policy) ? renewed : null;
}

/**
 * The user behind a live bearer token; each use keeps the token alive 15 minutes more. With a
 * `cache` (ADR 0025) a token checked in the last few seconds is answered from memory; the
 * expiry is still written when due, so a cached token does not die while in use.
 */
export async function authenticate(
  db: Database,
  policy: SecurityPolicy,
  token: string,
  now = new Date(),
  cache?: TokenCache<AuthenticatedUser>,
): Promise<{ user: AuthenticatedUser; sessionId: string } | null> {
  const tokenHash = hashSecret(token);
  const cached = cache?.get(tokenHash, now.getTime());
  if (cached) {
    const renewed = renewalDue(policy, cached.tokenExpiresAt, now);
    if (renewed) {
      // Noted first, so that the calls arriving meanwhile do not write it again.
      cache?.extended(tokenHash, renewed);
      await repo.extendAccessToken(db, cached.tokenId, renewed);
    }
    return { user: cached.user, sessionId: cached.sessionId };
  }
  const epoch = cache?.epoch ?? 0;
  const found = await repo.findLiveAccessToken(db, tokenHash, now);
  if (!found) return null;
  const renewed = renewalDue(policy, found.token.expiresAt, now);
  if (renewed) await repo.extendAccessToken(db, found.token.id, renewed);
  cache?.set(
    tokenHash,
    {
      user: found.user,
      userId: found.user.id,
      sessionId: found.token.sessionId,
      tokenId: found.token.id,
      tokenExpiresAt: renewed ?? found.token.expiresAt,
      sessionEndsAt: found.sessionEndsAt,
    },
    { now: now.getTime(), epoch },
  );
  return { user: found.user, sessionId: found.token.sessionId };
}

/** Ends a session and its tokens, and forgets them here at once (ADR 0025). */
async function revokeSession(deps: Pick<SecurityDeps, 'db' | 'tokens'>, id: string, now: Date) {
  await repo.revokeSession(deps.db, id, now);
  deps.tokens.evictSessions([id]);
  await deps.tokens.propagated();
}

/** Revokes the session (by its cookie, or the one behind a bearer token) and all its tokens. */
export async function signOut(
  deps: Pick<SecurityDeps, 'db' | 'policy' | 'tokens'>,
  { sessionSecret, token }: { sessionSecret?: string; token?: string },
  now = new Date(),
): Promise<void> {
  const { db, policy } = deps;
  if (sessionSecret) {
    const session = await repo.findLiveSession(db, hashSecret(sessionSecret), now);
    if (session) await revokeSession(deps, session.id, now);
  }
  if (token) {
    // Read from the database, not the cache: a sign-out must find the session whatever it holds.
    const found = await authenticate(db, policy, token, now);
    if (found) await revokeSession(deps, found.sessionId, now);
  }
}

/** `Firefox on Windows`, `Safari on iPhone`: enough to recognise one's own devices. */
export function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const platform =
    parsed.platform.model === 'iPhone' || parsed.platform.model === 'iPad'
      ? parsed.platform.model
      : parsed.os.name;
  if (!browser && !platform) return null;
  return [browser, platform].filter(Boolean).join(' · ');
}

/** The person's live sessions for the settings page, this one marked. */
export async function listSessions(
  deps: Pick<SecurityDeps, 'db'>,
  userId: string,
  currentSessionId: string | undefined,
  now = new Date(),
): Promise<SessionSummary[]> {
  const rows = await repo.listLiveSessions(deps.db, userId, now);
  return rows.map((row) => ({
    id: row.id,
    device: deviceName(row.userAgent) ?? '',
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/** Ends one of the person's sessions; false when it is not theirs or not live (404). */
export async function endSession(
  deps: Pick<SecurityDeps, 'db' | 'tokens'>,
  userId: string,
  sessionId: string,
  now = new Date(),
): Promise<boolean> {
  const live = await repo.listLiveSessions(deps.db, userId, now);
  if (!live.some((session) => session.id === sessionId)) return false;
  await revokeSession(deps, sessionId, now);
  return true;
}

/** "Sign out everywhere": every session of the person ends, this one included. */
export async function endAllSessions(
  deps: Pick<SecurityDeps, 'db' | 'tokens'>,
  userId: string,
  now = new Date(),
) {
  await repo.revokeSessionsOfUser(deps.db, userId, now);
  deps.tokens.evictUser(userId);
  await deps.tokens.propagated();
}
