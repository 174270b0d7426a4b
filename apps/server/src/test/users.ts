import type { FastifyInstance } from 'fastify';

export interface TestUser {
  email: string;
  password: string;
  sessionCookie: string;
  token: string;
}

let counter = 0;

/** A unique email per call so tests never collide in a shared database. */
export function uniqueEmail(name = 'person'): string {
  counter += 1;
  return `${name}.${process.pid}.${Date.now()}.${counter}@example.com`;
}

const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

export async function registerUser(
  app: FastifyInstance,
  values: Partial<{
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    language: string;
  }> = {},
) {
  const email = values.email ?? uniqueEmail();
  const password = values.password ?? 'Maple-Leaf-Harbour-2026';
  const response = await app.inject({
    method: 'POST',
    url: '/security/register',
    headers: formHeaders,
    payload: form({
      email,
      password,
      firstName: values.firstName ?? 'Alex',
      lastName: values.lastName ?? 'Martin',
      language: values.language ?? 'en',
    }),
  });
  return { response, email, password };
}

export async function signIn(app: FastifyInstance, username: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/security/login',
    headers: formHeaders,
    payload: form({ username, password }),
  });
}

export function sessionCookieOf(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === 'portal_session');
  if (!cookie) throw new Error('no session cookie');
  return `portal_session=${cookie.value}`;
}

export const AUTHORIZE_URL =
  '/security/oauth/authorize?client_id=clientOnlineApp&response_type=token';

/** Gets an access token the way the client's silent renewal does (XHR with the cookie). */
export async function authorize(app: FastifyInstance, sessionCookie: string) {
  return app.inject({ method: 'GET', url: AUTHORIZE_URL, headers: { cookie: sessionCookie } });
}

/** Registers a person, signs them in and returns their session cookie and an access token. */
export async function signedInUser(app: FastifyInstance, name?: string): Promise<TestUser> {
  const { email, password } = await registerUser(app, { email: uniqueEmail(name) });
  const sessionCookie = sessionCookieOf(await signIn(app, email, password));
  const token = (await authorize(app, sessionCookie)).body;
  return { email, password, sessionCookie, token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
