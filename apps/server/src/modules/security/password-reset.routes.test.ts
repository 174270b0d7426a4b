import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  authorize,
  bearer,
  sessionCookieOf,
  signIn,
  signedInUser,
  uniqueEmail,
  form,
  formHeaders,
} from '../../test/users.ts';
import { resetPassword, resetLinkUser } from './security.service.ts';
import { securityDepsOf } from '../../test/users.ts';
import { mailboxHeaders } from '../../test/mailbox.ts';

/** Issue 11: "Forgot your password?" -> a single-use, 30-minute link -> a new password. */

const html = { accept: 'text/html' };

describe('password recovery', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ publicUrl: 'https://portal.example.ca' });
  });
  afterAll(() => test.close());

  const ask = (email: string, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: 'POST',
      url: '/security/forgot-password',
      headers: { ...formHeaders, ...headers },
      payload: form({ email }),
    });

  async function linkMailedTo(email: string): Promise<string> {
    await test.app.afterResponse.settled();
    await test.app.outbox.runOnce();
    const response = await test.app.inject({
      url: `/sandbox/mailbox/messages?to=${encodeURIComponent(email)}`,
      headers: mailboxHeaders,
    });
    const mail = response
      .json<{ subject: string; text: string }[]>()
      .find((message) => message.subject === 'Reset your password');
    const link = mail?.text.match(
      /https:\/\/portal\.example\.ca\/security\/reset-password\?token=[\w-]+/,
    )?.[0];
    if (!link) throw new Error('no reset link mailed');
    return link;
  }

  it('offers the way from the sign-in page, in both languages', async () => {
    const english = await test.app.inject({ url: '/security/login' });
    expect(english.body).toContain('<a href="/security/forgot-password">Forgot your password?</a>');
    const french = await test.app.inject({ url: '/security/login?lang=fr' });
    expect(french.body).toContain('Mot de passe oublié?');
    const page = await test.app.inject({ url: '/security/forgot-password?lang=fr' });
    expect(page.body).toContain('Réinitialiser votre mot de passe');
  });

  it('answers the same whether or not an account uses the address', async () => {
    const user = await signedInUser(test.app, 'forgetful');
    const nobody = uniqueEmail('nobody');
    const known = await ask(user.email, html);
    const unknown = await ask(nobody, html);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body.replace(user.email, 'EMAIL')).toBe(unknown.body.replace(nobody, 'EMAIL'));
    expect(known.body).toContain('If an account uses');
  });

  it('answers before any database work, so a known address cannot take longer (B-F5)', async () => {
    const user = await signedInUser(test.app, 'timing');
    const nobody = uniqueEmail('timing-nobody');
    // The database is held by a transaction until the answers are in: had forgot-password
    // written (or read) anything before answering, its answer would wait for the release.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const transaction = test.app.db.transaction(async (tx) => {
      await tx.execute(
        sql`lock table users, sign_in_throttles, password_resets, outbox_messages in access exclusive mode`,
      );
      holding();
      await gate;
    });
    await held;
    try {
      const [known, unknown] = await Promise.all([ask(user.email), ask(nobody)]);
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
    } finally {
      release();
      await transaction;
    }
    // The work follows the answer: the known address is mailed its link.
    expect(await linkMailedTo(user.email)).toMatch(/reset-password\?token=/);
  });

  it('resets with the link: every session and token ends, a notice is mailed, the link dies', async () => {
    const user = await signedInUser(test.app, 'reset');
    const otherDevice = sessionCookieOf(await signIn(test.app, user.email, user.password));
    expect((await ask(user.email)).statusCode).toBe(202);
    const link = new URL(await linkMailedTo(user.email));
    const pathAndQuery = `${link.pathname}${link.search}`;

    const page = await test.app.inject({ url: pathAndQuery });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Choose a new password');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const token = link.searchParams.get('token')!;

    const weak = await test.app.inject({
      method: 'POST',
      url: '/security/reset-password',
      headers: { ...formHeaders, ...html },
      payload: form({ token, password: 'password1234' }),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain('This password is too common');

    const done = await test.app.inject({
      method: 'POST',
      url: '/security/reset-password',
      headers: { ...formHeaders, ...html },
      payload: form({ token, password: 'Tamarack-Shoreline-Lantern' }),
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your password is changed');

    expect((await authorize(test.app, user.sessionCookie)).statusCode).toBe(401);
    expect((await authorize(test.app, otherDevice)).statusCode).toBe(401);
    const users = await test.app.inject({
      url: '/service/jaxrs/users',
      headers: bearer(user.token),
    });
    expect(users.statusCode).toBe(401);
    expect((await signIn(test.app, user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(test.app, user.email, 'Tamarack-Shoreline-Lantern')).statusCode).toBe(204);

    await test.app.outbox.runOnce();
    const mail = await test.app.inject({
      url: `/sandbox/mailbox/messages?to=${encodeURIComponent(user.email)}`,
      headers: mailboxHeaders,
    });
    expect(mail.json()[0]).toMatchObject({ subject: 'Your password was changed' });

    const reused = await test.app.inject({
      method: 'POST',
      url: '/security/reset-password',
      headers: formHeaders,
      payload: form({ token, password: 'Another-Brand-New-Phrase' }),
    });
    expect(reused.statusCode).toBe(410);
    expect((await test.app.inject({ url: pathAndQuery })).statusCode).toBe(410);
  });

  it('lets one of two racing submissions of a link win', async () => {
    const user = await signedInUser(test.app, 'race');
    await ask(user.email);
    const token = new URL(await linkMailedTo(user.email)).searchParams.get('token')!;
    const submit = (password: string) =>
      test.app.inject({
        method: 'POST',
        url: '/security/reset-password',
        headers: formHeaders,
        payload: form({ token, password }),
      });
    const answers = await Promise.all([
      submit('First-Racing-Passphrase'),
      submit('Second-Racing-Passphrase'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 410]);
  });

  it('expires a link after 30 minutes', async () => {
    const user = await signedInUser(test.app, 'late');
    await ask(user.email);
    const token = new URL(await linkMailedTo(user.email)).searchParams.get('token')!;
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await resetLinkUser(securityDepsOf(test.app), token, later)).toBeUndefined();
    const result = await resetPassword(
      securityDepsOf(test.app),
      { token, newPassword: 'Too-Late-For-This-One' },
      later,
    );
    expect(result).toEqual({ outcome: 'invalidLink' });
  });

  it('mails at most three links an hour to one account', async () => {
    const user = await signedInUser(test.app, 'flooded');
    for (let i = 0; i < 5; i += 1) expect((await ask(user.email)).statusCode).toBe(202);
    await test.app.afterResponse.settled();
    await test.app.outbox.runOnce();
    const mail = await test.app.inject({
      url: `/sandbox/mailbox/messages?to=${encodeURIComponent(user.email)}`,
      headers: mailboxHeaders,
    });
    const links = mail
      .json<{ subject: string }[]>()
      .filter((message) => message.subject === 'Reset your password');
    expect(links).toHaveLength(3);
  });
});
