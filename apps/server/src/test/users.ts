import type { FastifyInstance } from 'fastify';
import { generateSecret, generateSync } from 'otplib';
import { registrationSchema } from '@portal/domain/rules/account';
import { defaultSecurityPolicy } from '../modules/security/security-policy.ts';
import { seedTotp } from '../modules/security/second-factor.service.ts';
import { register, type Role, type SecurityDeps } from '../modules/security/security.service.ts';
import { mailboxHeaders } from './mailbox.ts';

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

/** A form body, as a browser posts it. */
export const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
export const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

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

/** The newest 6-digit code the sandbox mailbox holds for `email`, as a person reads it. */
export async function emailCodeFor(app: FastifyInstance, email: string): Promise<string> {
  await app.outbox.runOnce();
  const response = await app.inject({
    url: `/sandbox/mailbox/messages?to=${encodeURIComponent(email)}`,
    headers: mailboxHeaders,
  });
  const messages = response.json<{ subject: string; text: string }[]>();
  const code = messages
    .map((message) => /\b(\d{6})\b/.exec(message.subject)?.[1])
    .find((found) => found !== undefined);
  if (!code) throw new Error(`no verification code mailed to ${email}`);
  return code;
}

/** Proves the person's address with the code from the mailbox (issue 11: joining, signing). */
export async function verifyEmailOf(app: FastifyInstance, user: { email: string; token: string }) {
  const response = await app.inject({
    method: 'PUT',
    url: '/service/jaxrs/account/email-verification',
    headers: bearer(user.token),
    payload: { code: await emailCodeFor(app, user.email) },
  });
  if (response.statusCode !== 200) throw new Error(`verification failed: ${response.body}`);
}

/**
 * Registers a person, signs them in and returns their session cookie and an access token; their
 * address is verified through the mailbox unless `verified: false`.
 */
export async function signedInUser(
  app: FastifyInstance,
  name?: string,
  { verified = true }: { verified?: boolean } = {},
): Promise<TestUser> {
  const { email, password } = await registerUser(app, { email: uniqueEmail(name) });
  const sessionCookie = sessionCookieOf(await signIn(app, email, password));
  const token = (await authorize(app, sessionCookie)).body;
  if (verified) await verifyEmailOf(app, { email, token });
  return { email, password, sessionCookie, token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The security services' dependencies over a test app (for set-ups the API has no call for). */
export const securityDepsOf = (app: FastifyInstance): SecurityDeps => ({
  db: app.db,
  cipher: app.cipher,
  policy: defaultSecurityPolicy,
  hasher: app.passwordHasher,
  publicUrl: 'http://localhost:0',
  tokens: app.tokenCache,
});

export async function signInWithCode(
  app: FastifyInstance,
  username: string,
  password: string,
  otp: string,
) {
  return app.inject({
    method: 'POST',
    url: '/security/login',
    headers: formHeaders,
    payload: form({ username, password, otp }),
  });
}

/**
 * A person of any role, signed in. Staff and advisors must use a second factor: they get an
 * authenticator secret (answered as `totpSecret`) and sign in with its current code.
 */
export async function signedInWithRole(
  app: FastifyInstance,
  role: Role,
): Promise<TestUser & { totpSecret?: string }> {
  const input = registrationSchema.parse({
    email: uniqueEmail(role),
    password: 'Maple-Leaf-Harbour-2026',
    firstName: 'Role',
    lastName: 'Holder',
  });
  const created = await register(securityDepsOf(app), input, { address: '127.0.0.1', role });
  if (created.outcome !== 'created') throw new Error(`could not register: ${created.outcome}`);
  let totpSecret: string | undefined;
  if (role === 'staff' || role === 'advisor') {
    totpSecret = generateSecret();
    await seedTotp(securityDepsOf(app), created.user.id, totpSecret);
  }
  const response = totpSecret
    ? await signInWithCode(app, input.email, input.password, generateSync({ secret: totpSecret }))
    : await signIn(app, input.email, input.password);
  const sessionCookie = sessionCookieOf(response);
  const token = (await authorize(app, sessionCookie)).body;
  return { email: input.email, password: input.password, sessionCookie, token, totpSecret };
}
