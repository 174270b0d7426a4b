import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureReason } from '../../modules/outbox/dispatcher.ts';
import { enqueueTestMessage, recordingTransport } from '../../modules/outbox/outbox.fixtures.ts';
import * as outboxRepo from '../../modules/outbox/outbox.repo.ts';
import { mailboxHeaders } from '../../test/mailbox.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSmtpMailTransport } from './smtp-mail-transport.ts';

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * Just enough of an SMTP server on 127.0.0.1 (no network, no TLS, no AUTH) to see what the
 * transport sends. Recipients at `refused.example` are rejected with 550, as a relay does.
 */
async function fakeSmtpServer(): Promise<{
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.smtp ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push({ ...mail, data: buffer.slice(0, end) });
          mail = { from: '', to: [], data: '' };
          buffer = buffer.slice(end + 5);
          inData = false;
          reply('250 2.0.0 queued');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.split(/[\s:]/)[0]?.toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake.smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO' || verb === 'NOOP' || verb === 'RSET') reply('250 OK');
        else if (verb === 'MAIL') {
          mail.from = line;
          reply('250 OK');
        } else if (verb === 'RCPT') {
          if (line.includes('@refused.example')) {
            reply(`550 5.1.1 ${line.slice(8)}: Recipient address rejected`);
          } else {
            mail.to.push(line);
            reply('250 OK');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const FROM = 'Laurentide Investing <no-reply@laurentide.example>';

describe('SMTP transport', () => {
  let smtp: Awaited<ReturnType<typeof fakeSmtpServer>>;
  beforeAll(async () => {
    smtp = await fakeSmtpServer();
  });
  afterAll(() => smtp.close());

  it('sends a mail from MAIL_FROM, text and HTML, with a Message-ID stable across retries', async () => {
    const sms = recordingTransport();
    const transport = createSmtpMailTransport({ url: smtp.url, from: FROM, sms });
    const message = {
      id: '7c0e5a52-8d35-4c8e-9f0e-6f1d0c2b9a11',
      channel: 'email' as const,
      recipient: 'camille@example.com',
      subject: 'Votre code',
      text: 'Votre code est 4827.',
      html: '<p>Votre code est <strong>4827</strong>.</p>',
    };
    await transport.send(message);
    await transport.close?.();
    const [mail] = smtp.received.slice(-1);
    expect(mail?.from).toBe('MAIL FROM:<no-reply@laurentide.example>');
    expect(mail?.to).toEqual(['RCPT TO:<camille@example.com>']);
    expect(mail?.data).toContain('From: Laurentide Investing <no-reply@laurentide.example>');
    expect(mail?.data).toContain('Subject: Votre code');
    expect(mail?.data).toContain(`Message-ID: <${message.id}@laurentide.example>`);
    expect(mail?.data).toContain('text/plain');
    expect(mail?.data).toContain('text/html');
    expect(sms.sent).toEqual([]);
  });

  it('hands SMS to the SMS transport (no SMS vendor yet), never to the SMTP server', async () => {
    const sms = recordingTransport();
    const transport = createSmtpMailTransport({ url: smtp.url, from: FROM, sms });
    const before = smtp.received.length;
    await transport.send({
      id: 'b1f0c3c4-5a8e-4c47-9d0b-2f3e4a5b6c7d',
      channel: 'sms',
      recipient: '+15145550199',
      subject: 'Code',
      text: 'Code 4827',
    });
    expect(sms.sent.map((message) => message.recipient)).toEqual(['+15145550199']);
    expect(smtp.received.length).toBe(before);
    await transport.close?.();
  });

  it('fails when the relay refuses, with a reason that does not quote the address', async () => {
    const transport = createSmtpMailTransport({
      url: smtp.url,
      from: FROM,
      sms: recordingTransport(),
    });
    const sending = transport.send({
      id: '0d9e8f7a-6b5c-4d3e-8f2a-1b0c9d8e7f6a',
      channel: 'email',
      recipient: 'someone@refused.example',
      subject: 'Code',
      text: 'Code 4827',
    });
    const error = await sending.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(Error);
    const reason = failureReason(error);
    expect(reason).toContain('EENVELOPE');
    expect(reason).not.toContain('refused.example');
    await transport.close?.();
  });

  describe('a server configured with SMTP_URL, SMS still sandboxed (issue 30 item 3)', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await createTestApp({ mail: { smtpUrl: smtp.url, from: FROM } });
    });
    afterAll(() => test.close());

    it('keeps only text messages in the mailbox, under the same protection', async () => {
      const phone = '+15145550142';
      await enqueueTestMessage(test.app, {
        recipient: 'kept.out@example.com',
        content: { subject: 'Reset your password', text: 'https://portal.example/reset' },
      });
      await enqueueTestMessage(test.app, {
        channel: 'sms',
        recipient: phone,
        content: { subject: 'Code', text: 'Laurentide: your verification code is 596336' },
      });
      expect(await test.app.outbox.runOnce()).toBe(2);
      const held = await test.app.inject({
        url: '/sandbox/mailbox/messages',
        headers: mailboxHeaders,
      });
      const messages = held.json<{ id: string; channel: string; recipient: string }[]>();
      expect(messages.map((message) => message.channel)).toEqual(['sms']);
      expect(messages[0]?.recipient).toBe(phone);
      for (const url of [
        '/sandbox/mailbox',
        `/sandbox/mailbox?to=${encodeURIComponent(phone)}`,
        '/sandbox/mailbox/messages',
        `/sandbox/mailbox/messages?to=${encodeURIComponent(phone)}`,
        `/sandbox/mailbox/${messages[0]?.id}`,
        '/sandbox/mailbox/00000000-0000-4000-8000-000000000000',
        '/security/sandbox-mailbox',
      ]) {
        const anonymous = await test.app.inject({ method: 'GET', url });
        expect(anonymous.statusCode, url).toBe(401);
        expect(anonymous.body, url).not.toContain('596336');
      }
    });
  });

  describe('a server configured with SMTP_URL', () => {
    let test: TestApp;
    beforeAll(async () => {
      // A real SMS vendor too: with mail and SMS both real, the sandbox mailbox has no role.
      test = await createTestApp(
        { mail: { smtpUrl: smtp.url, from: FROM } },
        { vendors: { sms: { send: async () => {} } } },
      );
    });
    afterAll(() => test.close());

    it('sends queued mail through the SMTP server and marks it sent', async () => {
      const { id, message } = await enqueueTestMessage(test.app, {
        recipient: 'alex@example.com',
        content: { subject: 'Joint application', text: 'Alex, join the application.' },
      });
      expect(await test.app.outbox.runOnce()).toBe(1);
      const mail = smtp.received.find((received) => received.data.includes(`<${id}@`));
      expect(mail?.to).toEqual(['RCPT TO:<alex@example.com>']);
      expect(mail?.data).toContain(message.content.text);
      expect(await outboxRepo.findMessage(test.app.db, id)).toMatchObject({ status: 'sent' });
    });

    it('keeps a refused mail pending with the SMTP code only', async () => {
      const { id } = await enqueueTestMessage(test.app, { recipient: 'x@refused.example' });
      expect(await test.app.outbox.runOnce()).toBe(0);
      const row = await outboxRepo.findMessage(test.app.db, id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row?.lastError).toMatch(/EENVELOPE/);
      expect(row?.lastError).not.toContain('refused.example');
    });

    it('serves no sandbox mailbox once mail and SMS have real vendors', async () => {
      for (const url of [
        '/sandbox/mailbox',
        '/sandbox/mailbox/messages?to=alex@example.com',
        '/sandbox/mailbox/00000000-0000-4000-8000-000000000000',
      ]) {
        expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    });
  });
});
