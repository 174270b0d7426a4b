import { sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TOTP_SECRETS } from '../../db/seed/seed-demo-users.ts';
import { registrationSchema } from '@portal/domain/rules/account';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  authorize,
  bearer,
  emailCodeFor,
  securityDepsOf,
  signIn,
  signInWithCode,
  signedInUser,
  signedInWithRole,
  type TestUser,
  uniqueEmail,
  form,
  formHeaders,
} from '../../test/users.ts';
import { register } from './security.service.ts';
import { mailboxHeaders } from '../../test/mailbox.ts';
import { enqueueTestMessage } from '../outbox/outbox.fixtures.ts';

/** Issue 11: TOTP, SMS codes and recovery codes at sign-in; required for staff and advisors. */

const html = { accept: 'text/html' };
const ACCOUNT = '/service/jaxrs/account';

/** A TOTP code for a step other than the current one's (each step is accepted once). */
const codeAt = (secret: string, offsetSteps: number) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

describe('two-step sign-in', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ seedDemoUsers: true });
  });
  afterAll(() => test.close());

  async function withTotp(): Promise<TestUser & { secret: string; recoveryCodes: string[] }> {
    const user = await signedInUser(test.app, 'totp');
    // A stolen token alone cannot attach someone else's authenticator: the password first.
    const withoutPassword = await test.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/mfa/totp`,
      headers: bearer(user.token),
      payload: { password: 'Not-The-Password-2026' },
    });
    expect(withoutPassword.statusCode).toBe(401);
    expect(withoutPassword.json()).toMatchObject({ errorCode: 'wrongPassword' });
    const started = await test.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/mfa/totp`,
      headers: bearer(user.token),
      payload: { password: user.password },
    });
    expect(started.statusCode).toBe(201);
    const enrollment = started.json<{ secret: string; otpauthUri: string; qrSvg: string }>();
    expect(enrollment.otpauthUri).toMatch(/^otpauth:\/\/totp\/Laurentide%20Investing:/);
    expect(enrollment.qrSvg).toMatch(/^<svg/);
    const secret = enrollment.secret.replaceAll(' ', '');
    const confirmed = await test.app.inject({
      method: 'PUT',
      url: `${ACCOUNT}/mfa/totp`,
      headers: bearer(user.token),
      payload: { code: codeAt(secret, -1) },
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    return { ...user, secret, recoveryCodes };
  }

  it('asks for the code after the right password (401 mfaRequired), then signs in with it', async () => {
    const user = await withTotp();
    const first = await signIn(test.app, user.email, user.password);
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ errorCode: 'mfaRequired' });
    expect(first.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
    const withCode = await signInWithCode(
      test.app,
      user.email,
      user.password,
      codeAt(user.secret, 0),
    );
    expect(withCode.statusCode).toBe(204);
  });

  it('never accepts one code twice, nor a wrong one', async () => {
    const user = await withTotp();
    const code = codeAt(user.secret, 0);
    expect((await signInWithCode(test.app, user.email, user.password, code)).statusCode).toBe(204);
    const replay = await signInWithCode(test.app, user.email, user.password, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ errorCode: 'otpRejected' });
    const wrong = await signInWithCode(test.app, user.email, user.password, '000000');
    expect(wrong.statusCode).toBe(401);
  });

  it('asks the browser for the code on a page, without the password being sent again', async () => {
    const user = await withTotp();
    const page = await test.app.inject({
      method: 'POST',
      url: '/security/login',
      headers: { ...formHeaders, ...html },
      payload: form({ username: user.email, password: user.password }),
    });
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain('Enter your verification code');
    expect(page.body).toContain('name="otp"');
    expect(page.body).not.toContain(user.password);
    const challenge = page.cookies.find((c) => c.name === 'portal_mfa');
    expect(challenge).toMatchObject({ httpOnly: true, path: '/security' });

    const wrong = await test.app.inject({
      method: 'POST',
      url: '/security/login/verify',
      headers: { ...formHeaders, ...html, cookie: `portal_mfa=${challenge?.value}` },
      payload: form({ otp: '123456' }),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('This code is not right or was already used.');

    const right = await test.app.inject({
      method: 'POST',
      url: '/security/login/verify',
      headers: { ...formHeaders, ...html, cookie: `portal_mfa=${challenge?.value}` },
      payload: form({ otp: codeAt(user.secret, 0) }),
    });
    expect(right.statusCode).toBe(303);
    const session = right.cookies.find((c) => c.name === 'portal_session');
    expect((await authorize(test.app, `portal_session=${session?.value}`)).statusCode).toBe(200);
    // The challenge is spent with the sign-in.
    const again = await test.app.inject({
      method: 'POST',
      url: '/security/login/verify',
      headers: { ...formHeaders, cookie: `portal_mfa=${challenge?.value}` },
      payload: form({ otp: codeAt(user.secret, 1) }),
    });
    expect(again.json()).toMatchObject({ errorCode: 'challengeExpired' });
  });

  it('shows the code page in French', async () => {
    const user = await withTotp();
    const page = await test.app.inject({
      method: 'POST',
      url: '/security/login',
      headers: { ...formHeaders, ...html, cookie: 'lang=fr' },
      payload: form({ username: user.email, password: user.password }),
    });
    expect(page.body).toContain('<html lang="fr-CA">');
    expect(page.body).toContain('Entrez votre code de vérification');
    expect(page.body).toContain('Code de vérification');
  });

  it('accepts each recovery code once', async () => {
    const user = await withTotp();
    const [recovery] = user.recoveryCodes;
    expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const used = await signInWithCode(test.app, user.email, user.password, recovery!.toUpperCase());
    expect(used.statusCode).toBe(204);
    const again = await signInWithCode(test.app, user.email, user.password, recovery!);
    expect(again.statusCode).toBe(401);
    const settings = await test.app.inject({ url: ACCOUNT, headers: bearer(user.token) });
    expect(settings.json().mfa.recoveryCodesLeft).toBe(9);
  });

  it('texts a sign-in code to the phone set up, as the fallback', async () => {
    const user = await signedInUser(test.app, 'sms');
    const start = await test.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/mfa/sms`,
      headers: bearer(user.token),
      payload: { phone: '(514) 555-0199', password: user.password },
    });
    expect(start.statusCode).toBe(202);
    const setupCode = await smsCodeFor('+15145550199');
    const confirm = await test.app.inject({
      method: 'PUT',
      url: `${ACCOUNT}/mfa/sms`,
      headers: bearer(user.token),
      payload: { code: setupCode },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().recoveryCodes).toHaveLength(10);
    const settings = await test.app.inject({ url: ACCOUNT, headers: bearer(user.token) });
    expect(settings.json().mfa.sms).toEqual({ phoneMasked: '•••-•••-0199' });

    const page = await test.app.inject({
      method: 'POST',
      url: '/security/login',
      headers: { ...formHeaders, ...html },
      payload: form({ username: user.email, password: user.password }),
    });
    expect(page.body).toContain('Text me a code instead');
    const cookie = `portal_mfa=${page.cookies.find((c) => c.name === 'portal_mfa')?.value}`;
    const texted = await test.app.inject({
      method: 'POST',
      url: '/security/login/sms',
      headers: { ...formHeaders, ...html, cookie },
      payload: '',
    });
    expect(texted.statusCode).toBe(200);
    expect(texted.body).toContain('We texted a code to your phone.');
    const signInCode = await smsCodeFor('+15145550199');
    expect(signInCode).not.toBe(setupCode);
    const verified = await test.app.inject({
      method: 'POST',
      url: '/security/login/verify',
      headers: { ...formHeaders, cookie },
      payload: form({ otp: signInCode }),
    });
    expect(verified.statusCode).toBe(204);
  });

  /** A person with a confirmed phone (SMS second factor) at `phone`, set up through the API. */
  async function withSms(phone: string) {
    const user = await signedInUser(test.app, 'sms');
    await test.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/mfa/sms`,
      headers: bearer(user.token),
      payload: { phone, password: user.password },
    });
    const confirm = await test.app.inject({
      method: 'PUT',
      url: `${ACCOUNT}/mfa/sms`,
      headers: bearer(user.token),
      payload: { code: await smsCodeFor(`+1${phone.replace(/\D/g, '')}`) },
    });
    expect(confirm.statusCode).toBe(200);
    return user;
  }

  /** The password step of a browser sign-in: the challenge cookie it leaves. */
  async function challengeFor(user: TestUser): Promise<string> {
    const page = await test.app.inject({
      method: 'POST',
      url: '/security/login',
      headers: { ...formHeaders, ...html },
      payload: form({ username: user.email, password: user.password }),
    });
    expect(page.statusCode).toBe(401);
    return `portal_mfa=${page.cookies.find((c) => c.name === 'portal_mfa')?.value}`;
  }

  const textMe = (cookie: string) =>
    test.app.inject({
      method: 'POST',
      url: '/security/login/sms',
      headers: { ...formHeaders, cookie },
      payload: '',
    });
  const verifyWith = (cookie: string, otp: string) =>
    test.app.inject({
      method: 'POST',
      url: '/security/login/verify',
      headers: { ...formHeaders, cookie },
      payload: form({ otp }),
    });

  it('takes a texted sign-in code only for the sign-in attempt it was sent for (gap G6)', async () => {
    const user = await withSms('(514) 555-0142');
    const first = await challengeFor(user);
    expect((await textMe(first)).statusCode).toBe(202);
    const code = await smsCodeFor('+15145550142');
    // Another sign-in attempt with the same password (another browser, an attacker who holds
    // the password and watches the phone's notifications) cannot use it.
    const second = await challengeFor(user);
    expect((await verifyWith(second, code)).json()).toMatchObject({ errorCode: 'otpRejected' });
    const oneStep = await signInWithCode(test.app, user.email, user.password, code);
    expect(oneStep.statusCode).toBe(401);
    // The attempt it was sent for still signs in with it, once.
    expect((await verifyWith(first, code)).statusCode).toBe(204);
  });

  it('keeps the minute between texts after a code is used (B-F8)', async () => {
    const user = await withSms('(514) 555-0143');
    const first = await challengeFor(user);
    expect((await textMe(first)).statusCode).toBe(202);
    expect((await verifyWith(first, await smsCodeFor('+15145550143'))).statusCode).toBe(204);
    const again = await textMe(await challengeFor(user));
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ errorCode: 'tooManyCodes' });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('tells a person whose texts stopped why, and the other ways in, on the sign-in page in their language', async () => {
    const phone = '+15145550177';
    const user = await signedInUser(test.app, 'sms-stopped');
    await test.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/mfa/sms`,
      headers: bearer(user.token),
      payload: { phone: '514 555-0177', password: user.password },
    });
    await test.app.inject({
      method: 'PUT',
      url: `${ACCOUNT}/mfa/sms`,
      headers: bearer(user.token),
      payload: { code: await smsCodeFor(phone) },
    });
    const challenge = await test.app.inject({
      method: 'POST',
      url: '/security/login',
      headers: { ...formHeaders, ...html },
      payload: form({ username: user.email, password: user.password }),
    });
    const cookie = `portal_mfa=${challenge.cookies.find((c) => c.name === 'portal_mfa')?.value}`;
    const verifyPage = () =>
      test.app.inject({ url: '/security/login/verify?lang=fr', headers: { ...html, cookie } });
    expect((await verifyPage()).body).not.toContain('role="alert" class="notice');

    // Twilio answered 21610 to the last text (the person replied STOP): the outbox kept why.
    await test.app.inject({
      method: 'POST',
      url: '/security/login/sms',
      headers: { ...formHeaders, ...html, cookie },
      payload: '',
    });
    await test.app.db.execute(
      sql`update outbox_messages set status = 'refused', delivery_status = 'refused',
            delivery_reason = 'smsOptedOut', delivery_error_code = 'twilio-21610'
          where recipient = ${phone} and created_at = (select max(created_at) from outbox_messages where recipient = ${phone})`,
    );
    const french = await verifyPage();
    expect(french.body).toContain('Les textos vers ce numéro sont bloqués : il a répondu STOP');
    expect(french.body).toContain(
      'application d’authentification ou avec l’un de vos codes de récupération',
    );
    expect(french.body).toContain('role="alert"');

    // Asking for a text again (too soon, here) says why the last one did not come.
    const again = await test.app.inject({
      method: 'POST',
      url: '/security/login/sms',
      headers: { ...formHeaders, cookie },
      payload: '',
    });
    expect(again.json()).toMatchObject({ lastTextProblem: 'smsOptedOut' });
    // A newer text that went through (they texted START): the page no longer says texts stopped.
    const { id } = await enqueueTestMessage(test.app, { channel: 'sms', recipient: phone });
    await test.app.db.execute(
      sql`update outbox_messages set status = 'sent', delivery_status = 'delivered' where id = ${id}`,
    );
    expect((await verifyPage()).body).not.toContain('STOP');
  });

  it('tells the person setting up texts whether the code reached the number, and why not', async () => {
    const phone = '+15145550166';
    const user = await signedInUser(test.app, 'sms-setup-refused');
    const other = await signedInUser(test.app, 'sms-setup-other');
    const delivery = (token: string) =>
      test.app.inject({ url: `${ACCOUNT}/mfa/sms/delivery`, headers: bearer(token) });
    expect((await delivery(user.token)).json()).toEqual({ problem: null });
    await test.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/mfa/sms`,
      headers: bearer(user.token),
      payload: { phone: '514-555-0166', password: user.password },
    });
    expect((await delivery(user.token)).json()).toEqual({ problem: null });
    // Twilio answered 21614: a landline.
    await test.app.db.execute(
      sql`update outbox_messages set status = 'refused', delivery_status = 'refused',
            delivery_reason = 'smsNumberNotMobile', delivery_error_code = 'twilio-21614'
          where recipient = ${phone}`,
    );
    expect((await delivery(user.token)).json()).toEqual({ problem: 'smsNumberNotMobile' });
    // Another person learns nothing of it.
    expect((await delivery(other.token)).json()).toEqual({ problem: null });
    expect((await test.app.inject({ url: `${ACCOUNT}/mfa/sms/delivery` })).statusCode).toBe(401);
  });

  async function smsCodeFor(phone: string): Promise<string> {
    await test.app.outbox.runOnce();
    const response = await test.app.inject({
      url: `/sandbox/mailbox/messages?to=${encodeURIComponent(phone)}`,
      headers: mailboxHeaders,
    });
    const [newest] = response.json<{ channel: string; text: string }[]>();
    expect(newest?.channel).toBe('sms');
    const code = /\b(\d{6})\b/.exec(newest?.text ?? '')?.[1];
    if (!code) throw new Error('no code texted');
    return code;
  }

  it('requires a second factor for staff and advisors: none set up means no sign-in', async () => {
    const input = registrationSchema.parse({
      email: uniqueEmail('staff-without'),
      password: 'Maple-Leaf-Harbour-2026',
      firstName: 'Priya',
      lastName: 'Patel',
    });
    await register(securityDepsOf(test.app), input, { address: '127.0.0.1', role: 'advisor' });
    const refused = await signIn(test.app, input.email, input.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'mfaSetupRequired' });
    expect(refused.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();

    const staff = await signedInWithRole(test.app, 'staff');
    expect(staff.token).toMatch(/^[\w-]{40,}$/);
    const disable = await test.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/mfa/disable`,
      headers: bearer(staff.token),
      payload: { password: staff.password, factor: 'all' },
    });
    expect(disable.statusCode).toBe(403);
    expect(disable.json()).toMatchObject({ errorCode: 'mfaRequiredForRole' });
  });

  it('signs the seeded demo staff and advisor in with the README’s TOTP secrets', async () => {
    for (const [email, secret] of Object.entries(DEMO_TOTP_SECRETS)) {
      const withoutCode = await signIn(test.app, email, DEMO_PASSWORD);
      expect(withoutCode.json()).toMatchObject({ errorCode: 'mfaRequired' });
      const withCode = await signInWithCode(test.app, email, DEMO_PASSWORD, codeAt(secret, 0));
      expect(withCode.statusCode).toBe(204);
    }
  });

  it('counts wrong codes against the account: guessing codes locks it like guessing passwords', async () => {
    const user = await withTotp();
    for (let i = 0; i < 10; i += 1) {
      await signInWithCode(test.app, user.email, user.password, String(100000 + i));
    }
    const locked = await signInWithCode(
      test.app,
      user.email,
      user.password,
      codeAt(user.secret, 0),
    );
    expect(locked.statusCode).toBe(429);
  });

  it('turns a client’s second factor off with the password, and sign-in asks no code after', async () => {
    const user = await withTotp();
    const wrongPassword = await test.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/mfa/disable`,
      headers: bearer(user.token),
      payload: { password: 'Not-The-Password-2026', factor: 'totp' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    const off = await test.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/mfa/disable`,
      headers: bearer(user.token),
      payload: { password: user.password, factor: 'totp' },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().mfa).toEqual({
      required: false,
      totp: false,
      sms: null,
      recoveryCodesLeft: 0,
    });
    expect((await signIn(test.app, user.email, user.password)).statusCode).toBe(204);
  });

  it('mails a 6-digit code to verify the address at registration', async () => {
    const user = await signedInUser(test.app, 'codes', { verified: false });
    const code = await emailCodeFor(test.app, user.email);
    expect(code).toMatch(/^\d{6}$/);
  });

  it('takes a code typed in groups, as people read it ("399 981"; A-minor 1)', async () => {
    const user = await signedInUser(test.app, 'spaced', { verified: false });
    const code = await emailCodeFor(test.app, user.email);
    const verified = await test.app.inject({
      method: 'PUT',
      url: `${ACCOUNT}/email-verification`,
      headers: bearer(user.token),
      payload: { code: `${code.slice(0, 3)} ${code.slice(3)}` },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().emailVerified).toBe(true);

    const withApp = await withTotp();
    const cookie = await challengeFor(withApp);
    const now = codeAt(withApp.secret, 0);
    const signedIn = await verifyWith(cookie, `${now.slice(0, 3)} ${now.slice(3)}`);
    expect(signedIn.statusCode).toBe(204);
  });
});
