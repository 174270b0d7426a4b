import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { mailboxHeaders, TEST_MAILBOX_SECRET } from '../../test/mailbox.ts';
import { bearer, signedInUser, signedInWithRole, uniqueEmail } from '../../test/users.ts';
import { enqueueTestMessage } from './outbox.fixtures.ts';
import * as repo from './outbox.repo.ts';

interface MailboxJson {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  deliveredAt: string;
}

const MAILBOX = '/sandbox/mailbox';

describe('sandbox mailbox', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  /** A request with the mailbox's secret, as the end-to-end suite sends it. */
  const get = (url: string, headers: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url, headers: { ...mailboxHeaders, ...headers } });

  const messagesTo = async (to: string) => {
    const response = await get(`${MAILBOX}/messages?to=${encodeURIComponent(to)}`);
    expect(response.statusCode).toBe(200);
    return response.json<MailboxJson[]>();
  };

  /** A mail with markup in every field someone could type into, sent by the app's dispatcher. */
  async function sendHostileMail(recipient: string) {
    const { id } = await enqueueTestMessage(test.app, {
      recipient,
      content: {
        subject: '<b>Your code</b> & "more"',
        text: 'Your code is 48273915.\nSign in at http://127.0.0.1:8080/security/login?lang=fr&next=1. <script>alert(1)</script>',
        html: '<p onclick="alert(1)">Code <strong>48273915</strong> <a href="http://127.0.0.1:8080/security/login?lang=fr&amp;next=1">sign in</a></p><script>alert(1)</script>',
      },
    });
    expect(await test.app.outbox.runOnce()).toBeGreaterThanOrEqual(1);
    return id;
  }

  it('keeps no code or link in plain text in its table', async () => {
    const recipient = uniqueEmail('sealed');
    await sendHostileMail(recipient);
    const { rows } = (await test.app.db.execute(
      sql`select * from sandbox_mailbox where recipient = ${recipient}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    const stored = JSON.stringify(rows);
    expect(rows).toHaveLength(1);
    expect(stored).not.toContain('48273915');
    expect(stored).not.toContain('/security/login');
    expect(stored).toContain('v1:');
  });

  it('receives what the dispatcher sends, read as JSON for the end-to-end tests', async () => {
    const recipient = uniqueEmail('json');
    const outboxId = await sendHostileMail(recipient);
    const [message, ...others] = await messagesTo(recipient.toUpperCase());
    expect(others).toEqual([]);
    expect(message).toMatchObject({
      channel: 'email',
      recipient,
      subject: '<b>Your code</b> & "more"',
      text: expect.stringContaining('Your code is 48273915.'),
      html: expect.stringContaining('<strong>48273915</strong>'),
    });
    expect(new Date(message?.deliveredAt ?? '').toISOString()).toBe(message?.deliveredAt);
    expect(await repo.findMessage(test.app.db, outboxId)).toMatchObject({ status: 'sent' });
  });

  it('lists messages newest first with recipient, subject, channel and time, escaped', async () => {
    const recipient = uniqueEmail('list');
    await sendHostileMail(recipient);
    await enqueueTestMessage(test.app, {
      channel: 'sms',
      recipient,
      content: { subject: 'Second message', text: 'Laurentide: code 1234' },
    });
    await test.app.outbox.runOnce();

    const response = await get(`${MAILBOX}?to=${encodeURIComponent(recipient)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const page = response.body;
    expect(page).toContain('<html lang="en-CA">');
    expect(page).toContain(recipient);
    expect(page).toContain('&#60;b&#62;Your code&#60;/b&#62; &#38; &#34;more&#34;');
    expect(page).not.toContain('<b>Your code</b>');
    expect(page).not.toMatch(/<script/i);
    expect(page.indexOf('Second message')).toBeLessThan(page.indexOf('Your code'));
    expect(page).toContain('Text message (SMS)');
    expect(page).toMatch(/<time datetime="\d{4}-\d\d-\d\dT/);
    // The filter keeps to one recipient; without it every message shows.
    const everyone = (await get(MAILBOX)).body;
    const other = uniqueEmail('other');
    await sendHostileMail(other);
    expect((await get(`${MAILBOX}?to=${encodeURIComponent(recipient)}`)).body).not.toContain(other);
    expect(everyone).toContain(recipient);
  });

  it('speaks French with ?lang=fr or the lang cookie the client sets', async () => {
    const byQuery = await get(`${MAILBOX}?lang=fr`);
    expect(byQuery.body).toContain('<html lang="fr-CA">');
    expect(byQuery.body).toContain('Boîte aux lettres');
    expect(byQuery.body).toContain('Destinataire');
    const byCookie = await get(MAILBOX, { cookie: 'lang=fr-CA' });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.body).toContain('<html lang="fr-CA">');
    const english = await get(`${MAILBOX}?lang=en`, { cookie: 'lang=fr' });
    expect(english.body).toContain('<html lang="en-CA">');
    expect(english.body).toContain('href="/sandbox/mailbox?lang=fr"');
  });

  it('shows one mail: its HTML in a sandboxed frame, its text with links to follow', async () => {
    const recipient = uniqueEmail('one');
    await sendHostileMail(recipient);
    const [message] = await messagesTo(recipient);
    const response = await get(`${MAILBOX}/${message?.id}?lang=fr`);
    expect(response.statusCode).toBe(200);
    const page = response.body;
    expect(page).toContain('<html lang="fr-CA">');
    expect(page).toContain('<h1>&#60;b&#62;Your code&#60;/b&#62; &#38; &#34;more&#34;</h1>');
    const frame = /<iframe [^>]*>/.exec(page)?.[0] ?? '';
    expect(frame).toContain(
      'sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"',
    );
    expect(frame).not.toContain('allow-scripts');
    expect(frame).not.toContain('allow-same-origin');
    // The whole mail sits inside the srcdoc attribute, escaped: no tag of it reaches the page.
    const srcdoc = /srcdoc="([^"]*)"/.exec(frame)?.[1] ?? '';
    expect(srcdoc).toContain('&#60;base target=&#34;_top&#34;&#62;');
    expect(srcdoc).toContain('&#60;strong&#62;48273915&#60;/strong&#62;');
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toContain('<p onclick');
    // The text version: its address is a link, the sentence's full stop is not part of it.
    expect(page).toContain(
      '<a href="http://127.0.0.1:8080/security/login?lang=fr&#38;next=1">http://127.0.0.1:8080/security/login?lang=fr&#38;next=1</a>. &#60;script&#62;',
    );
    expect(page).toContain(`href="/sandbox/mailbox?lang=fr"`);
  });

  it('shows an SMS as its text, links clickable, without a frame', async () => {
    const recipient = '+15145550123';
    await enqueueTestMessage(test.app, {
      channel: 'sms',
      recipient,
      content: { subject: 'Code', text: 'Code 48273915: https://portal.example/#/auth-code' },
    });
    await test.app.outbox.runOnce();
    const [message] = await messagesTo(recipient);
    expect(message).toMatchObject({ channel: 'sms', html: null });
    const page = (await get(`${MAILBOX}/${message?.id}`)).body;
    expect(page).not.toContain('<iframe');
    expect(page).toContain('<a href="https://portal.example/#/auth-code">');
    expect(page).toContain('Text message (SMS)');
  });

  it('answers 404 for a message that does not exist, in the viewer language', async () => {
    const unknown = await get(`${MAILBOX}/00000000-0000-4000-8000-000000000000`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Message not found');
    const notAnId = await get(`${MAILBOX}/not-a-uuid`, { cookie: 'lang=fr' });
    expect(notAnId.statusCode).toBe(404);
    expect(notAnId.body).toContain('Message introuvable');
  });

  it('refuses a .invalid recipient (a documented outcome): the message waits and retries', async () => {
    const { id } = await enqueueTestMessage(test.app, { recipient: 'nobody@bounce.invalid' });
    await test.app.outbox.runOnce();
    expect(await repo.findMessage(test.app.db, id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'MailDeliveryError SandboxUndeliverable',
    });
    expect(await messagesTo('nobody@bounce.invalid')).toEqual([]);
  });
});

/** Issue 30 item 3 (B-F1): the mailbox hands out accounts, so nobody reads it anonymously. */
describe('sandbox mailbox: who may read it', () => {
  let test: TestApp;
  let messageUrl: string;
  const recipient = uniqueEmail('victim');
  beforeAll(async () => {
    test = await createTestApp();
    await enqueueTestMessage(test.app, {
      recipient,
      content: { subject: 'Reset your password', text: 'Reset: https://portal.example/reset' },
    });
    await test.app.outbox.runOnce();
    const [message] = (
      await test.app.inject({ url: `${MAILBOX}/messages?to=${recipient}`, headers: mailboxHeaders })
    ).json<MailboxJson[]>();
    messageUrl = `${MAILBOX}/${message?.id}`;
  });
  afterAll(() => test.close());

  const routes = () => [
    MAILBOX,
    `${MAILBOX}?to=${encodeURIComponent(recipient)}`,
    `${MAILBOX}/messages`,
    `${MAILBOX}/messages?to=${encodeURIComponent(recipient)}`,
    messageUrl,
    `${MAILBOX}/not-a-uuid`,
    `${MAILBOX}/00000000-0000-4000-8000-000000000000`,
  ];

  it('answers 401 to an anonymous request on every route, before any lookup, leaking nothing', async () => {
    for (const url of routes()) {
      const response = await test.app.inject({ url });
      expect(response.statusCode, url).toBe(401);
      expect(response.body, url).not.toContain(recipient);
      expect(response.body, url).not.toContain('portal.example/reset');
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const json = await test.app.inject({ url: `${MAILBOX}/messages?to=${recipient}` });
    expect(json.json()).toEqual({
      errorCode: 'mailboxLocked',
      message: 'The sandbox mailbox needs its secret.',
    });
  });

  it('refuses a wrong secret, a signed-in client and an advisor; lets staff read it', async () => {
    const url = `${MAILBOX}/messages?to=${encodeURIComponent(recipient)}`;
    const wrong = { 'sandbox-mailbox-secret': `${TEST_MAILBOX_SECRET}x` };
    expect((await test.app.inject({ url, headers: wrong })).statusCode).toBe(401);
    const client = await signedInUser(test.app, 'client');
    expect((await test.app.inject({ url, headers: bearer(client.token) })).statusCode).toBe(401);
    const advisor = await signedInWithRole(test.app, 'advisor');
    expect((await test.app.inject({ url, headers: bearer(advisor.token) })).statusCode).toBe(401);
    const staff = await signedInWithRole(test.app, 'staff');
    const read = await test.app.inject({ url, headers: bearer(staff.token) });
    expect(read.statusCode).toBe(200);
    expect(read.json<MailboxJson[]>()[0]?.recipient).toBe(recipient);
  });

  it('shows a locked page in the visitor’s language that says how to open it', async () => {
    const english = await test.app.inject({ url: MAILBOX, headers: { accept: 'text/html' } });
    expect(english.statusCode).toBe(401);
    expect(english.body).toContain('This mailbox is locked');
    expect(english.body).toContain('<input id="key" name="key" type="password"');
    expect(english.body).toContain('href="/security/sandbox-mailbox"');
    const french = await test.app.inject({ url: MAILBOX, headers: { cookie: 'lang=fr' } });
    expect(french.body).toContain('Cette boîte aux lettres est verrouillée');
    const wrongKey = await test.app.inject({ url: `${MAILBOX}?key=guess` });
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.body).toContain('This is not the key of this mailbox.');
    expect(wrongKey.headers['set-cookie']).toBeUndefined();
  });

  it('swaps ?key= for a strict, HttpOnly cookie and drops the key from the address', async () => {
    const opened = await test.app.inject({
      url: `${MAILBOX}?key=${encodeURIComponent(TEST_MAILBOX_SECRET)}&to=${encodeURIComponent(recipient)}&lang=fr`,
    });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`${MAILBOX}?to=${encodeURIComponent(recipient)}&lang=fr`);
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    const cookie = opened.cookies.find((c) => c.name === 'sandbox_mailbox');
    expect(cookie).toMatchObject({ path: MAILBOX, httpOnly: true, sameSite: 'Strict' });
    // The cookie is not the secret: it cannot be replayed as the header.
    expect(cookie?.value).not.toContain(TEST_MAILBOX_SECRET);
    const page = await test.app.inject({
      url: opened.headers.location as string,
      cookies: { sandbox_mailbox: cookie?.value ?? '' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(recipient);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const message = await test.app.inject({
      url: messageUrl,
      cookies: { sandbox_mailbox: cookie?.value ?? '' },
    });
    expect(message.statusCode).toBe(200);
    const replayed = await test.app.inject({
      url: `${MAILBOX}/messages`,
      headers: { 'sandbox-mailbox-secret': cookie?.value ?? '' },
    });
    expect(replayed.statusCode).toBe(401);
    const forged = await test.app.inject({ url: MAILBOX, cookies: { sandbox_mailbox: 'forged' } });
    expect(forged.statusCode).toBe(401);
  });

  it('lets a staff member’s browser in from their sign-in, and nobody else', async () => {
    const staff = await signedInWithRole(test.app, 'staff');
    const bridge = await test.app.inject({
      url: '/security/sandbox-mailbox',
      headers: { cookie: staff.sessionCookie },
    });
    expect(bridge.statusCode).toBe(303);
    expect(bridge.headers.location).toBe(MAILBOX);
    const cookie = bridge.cookies.find((c) => c.name === 'sandbox_mailbox');
    const page = await test.app.inject({
      url: MAILBOX,
      cookies: { sandbox_mailbox: cookie?.value ?? '' },
    });
    expect(page.statusCode).toBe(200);
    const client = await signedInUser(test.app, 'client');
    for (const headers of [{}, { cookie: client.sessionCookie }]) {
      const refused = await test.app.inject({ url: '/security/sandbox-mailbox', headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.cookies).toEqual([]);
      expect(refused.body).toContain('This mailbox is locked');
    }
  });

  it('names the cookie __Secure- with Secure over https', async () => {
    const https = await createTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      const opened = await https.app.inject({
        url: `${MAILBOX}?key=${encodeURIComponent(TEST_MAILBOX_SECRET)}`,
        headers: { 'x-forwarded-proto': 'https' },
      });
      const cookie = opened.cookies.find((c) => c.name === '__Secure-sandbox_mailbox');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
      const plain = await https.app.inject({
        url: MAILBOX,
        headers: { 'x-forwarded-proto': 'https' },
        cookies: { sandbox_mailbox: cookie?.value ?? '' },
      });
      expect(plain.statusCode).toBe(401);
    } finally {
      await https.close();
    }
  });
});
