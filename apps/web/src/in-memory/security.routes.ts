import { OAUTH_CLIENT_ID } from '@portal/domain/constants';
import { notFound, refusal, type InMemoryAnswer, type InMemoryRequest } from './answers.ts';
import type { SampleUser } from './sample-data.ts';
import type { InMemoryStore } from './store.ts';

// The sign-in session: its tokens, its times, and the security service's calls (`/security/*`).

const SESSION_IDLE_MS = 30 * 60_000;
const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;

/** The bearer token of a request, when it is live. */
export function caller(store: InMemoryStore, request: InMemoryRequest): SampleUser | undefined {
  const token = request.headers.get('authorization')?.match(/^Bearer (.+)$/)?.[1];
  return token && store.state.signedIn && store.state.tokens.includes(token)
    ? store.state.user
    : undefined;
}

export function sessionTimes(store: InMemoryStore) {
  const now = Date.now();
  const started = Date.parse(store.state.sessionStartedAt);
  return {
    idleExpiresAt: new Date(now + SESSION_IDLE_MS).toISOString(),
    absoluteExpiresAt: new Date(started + SESSION_ABSOLUTE_MS).toISOString(),
    now: new Date(now).toISOString(),
  };
}

/** The sign-in stand-in's choice: the sample applicant signs in (a new session). */
export function signIn(store: InMemoryStore): void {
  store.state.signedIn = true;
  store.state.sessionStartedAt = new Date().toISOString();
  store.commit(undefined);
}

/** A new token for the session, or undefined when signed out (`oauth/authorize`). */
export function issueToken(store: InMemoryStore): string | undefined {
  if (!store.state.signedIn) return undefined;
  const token = `in-memory-${store.newId()}`;
  // A few live tokens at most, as renewals replace them.
  store.state.tokens = [...store.state.tokens.slice(-4), token];
  return store.commit(token);
}

export function security(
  store: InMemoryStore,
  method: string,
  route: string,
  url: URL,
): InMemoryAnswer {
  if (method !== 'GET') return notFound();
  if (route === '/oauth/authorize') {
    if (
      url.searchParams.get('client_id') !== OAUTH_CLIENT_ID ||
      url.searchParams.get('response_type') !== 'token'
    ) {
      return refusal(400, 'invalidClient', 'Unknown client.');
    }
    const token = issueToken(store);
    if (!token) return refusal(401, 'signInRequired', 'Sign in.');
    return { status: 200, body: token, contentType: 'text/plain; charset=utf-8' };
  }
  if (route === '/auth/refreshsession' || route === '/auth/session') {
    return store.state.signedIn
      ? { status: 200, body: sessionTimes(store) }
      : refusal(401, 'signInRequired', 'Sign in.');
  }
  if (route === '/logout') {
    store.state.signedIn = false;
    store.state.tokens = [];
    return store.commit({ status: 204 });
  }
  return notFound();
}
