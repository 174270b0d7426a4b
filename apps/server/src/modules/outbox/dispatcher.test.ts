import { MailDeliveryError } from '../../providers/mail/mail-transport.ts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandboxMailbox } from '../../providers/mail/sandbox-mailbox.ts';
import { createTestApp, createTwoInstances, type TestApp } from '../../test/test-app.ts';
import {
  BASE_BACKOFF_MS,
  MAX_BACKOFF_MS,
  WARN_AFTER_ATTEMPTS,
  backoffMs,
  createDispatcher,
  failureReason,
  type DispatcherOptions,
} from './dispatcher.ts';
import {
  collectingLog,
  deferred,
  enqueueTestMessage,
  later,
  recordingTransport,
} from './outbox.fixtures.ts';
import * as repo from './outbox.repo.ts';
import { contentContext, enqueueMessage } from './outbox.service.ts';

const LEASE_MS = 60_000;

describe('backoff', () => {
  it('doubles from 30 seconds, is capped at an hour, and jitter only shortens it', () => {
    expect(backoffMs(1, () => 0)).toBe(BASE_BACKOFF_MS);
    expect(backoffMs(2, () => 0)).toBe(2 * BASE_BACKOFF_MS);
    expect(backoffMs(4, () => 0)).toBe(8 * BASE_BACKOFF_MS);
    expect(backoffMs(8, () => 0)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(500, () => 0)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(1, () => 0.999)).toBeGreaterThan(0.75 * BASE_BACKOFF_MS);
    expect(backoffMs(40, () => 0.999)).toBeGreaterThanOrEqual(0.75 * MAX_BACKOFF_MS);
  });

  it('keeps a failure reason to names and codes, never the message', () => {
    const refused = Object.assign(new Error('550 <camille@example.com>: Recipient rejected'), {
      code: 'EENVELOPE',
      responseCode: 550,
    });
    expect(failureReason(refused)).toBe('Error EENVELOPE 550');
    expect(failureReason(new TypeError('code 4827 in the text'))).toBe('TypeError');
    expect(failureReason(Object.assign(new Error('x'), { code: 'has spaces and @' }))).toBe(
      'Error',
    );
    expect(failureReason('a string')).toBe('UnknownError');
  });
});

describe('outbox dispatcher', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  const dispatcher = (options: Partial<DispatcherOptions> = {}) =>
    createDispatcher({
      db: test.app.db,
      cipher: test.app.cipher,
      transport: recordingTransport(),
      leaseMs: LEASE_MS,
      batchSize: 10,
      ...options,
    });

  // Every test starts from an outbox with nothing due: what one leaves pending (failing or
  // leased) is sent here, a day later, by a dispatcher whose transport accepts everything.
  afterEach(async () => {
    const sweeper = dispatcher({ now: later(24 * 3_600_000), batchSize: 100 });
    while ((await sweeper.runOnce()) > 0);
  });

  const rowOf = async (id: string) => {
    const row = await repo.findMessage(test.app.db, id);
    if (!row) throw new Error(`no outbox row ${id}`);
    return row;
  };

  it('never sends a message queued in a transaction that rolled back', async () => {
    const transport = recordingTransport();
    let id = '';
    await expect(
      test.app.db.transaction(async (tx) => {
        id = await enqueueMessage(tx, test.app.cipher, {
          channel: 'email',
          recipient: 'rolled-back@example.com',
          language: 'en',
          template: 'testMessage',
          content: { subject: 'Never', text: 'Never sent' },
        });
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(id).not.toBe('');
    expect(await dispatcher({ transport, now: later(3_600_000) }).runOnce()).toBe(0);
    expect(transport.sent).toEqual([]);
    expect(await repo.findMessage(test.app.db, id)).toBeUndefined();
  });

  it('sends a due message to the transport, decrypted, and marks it sent', async () => {
    const transport = recordingTransport();
    const { id, message } = await enqueueTestMessage(test.app, { applicationId: undefined });
    expect(await dispatcher({ transport }).runOnce()).toBe(1);
    expect(transport.sent).toEqual([
      {
        id,
        channel: 'email',
        recipient: message.recipient,
        subject: message.content.subject,
        text: message.content.text,
        html: message.content.html,
      },
    ]);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // Sent is final: another pass, even much later, sends nothing.
    expect(await dispatcher({ transport, now: later(3_600_000) }).runOnce()).toBe(0);
    expect(transport.countOf(id)).toBe(1);
  });

  it('sends a message the moment its transaction commits (no clock between them)', async () => {
    // The due time is the database's clock at enqueue: a pass right after always sees it.
    const transport = recordingTransport();
    const immediate = dispatcher({ transport });
    for (let index = 0; index < 20; index += 1) {
      const { id } = await enqueueTestMessage(test.app);
      expect(await immediate.runOnce()).toBe(1);
      expect(transport.countOf(id)).toBe(1);
    }
  });

  it('sends an SMS without html, and a mail without html as text only', async () => {
    const transport = recordingTransport();
    const { id } = await enqueueTestMessage(test.app, {
      channel: 'sms',
      recipient: '+15145550199',
      content: { subject: 'Code', text: 'Laurentide: your code is 4827' },
    });
    expect(await dispatcher({ transport }).runOnce()).toBe(1);
    expect(transport.sent[0]).toEqual({
      id,
      channel: 'sms',
      recipient: '+15145550199',
      subject: 'Code',
      text: 'Laurentide: your code is 4827',
    });
  });

  it('keeps the content encrypted in the table, bound to its row', async () => {
    const { id, message } = await enqueueTestMessage(test.app);
    const result = (await test.app.db.execute(
      sql`select content_encrypted as content from outbox_messages where id = ${id}`,
    )) as unknown as { rows: { content: string }[] };
    const stored = String(result.rows[0]?.content);
    expect(stored).toMatch(/^v1:/);
    for (const clear of ['4827', 'Your code', message.content.text]) {
      expect(stored).not.toContain(clear);
    }
    expect(JSON.parse(test.app.cipher.decrypt(stored, contentContext(id)))).toEqual(
      message.content,
    );
    // Copied to another row, it no longer decrypts.
    expect(() => test.app.cipher.decrypt(stored, contentContext(crypto.randomUUID()))).toThrow();
    await dispatcher().runOnce();
  });

  it('leaves a failed message pending with a backoff and a safe reason, then sends it', async () => {
    const log = collectingLog();
    const { id, message } = await enqueueTestMessage(test.app);
    const refusing = recordingTransport(async (sent) => {
      throw Object.assign(new Error(`451 ${sent.recipient} greylisted`), {
        code: 'EENVELOPE',
        responseCode: 451,
      });
    });
    const before = Date.now();
    expect(await dispatcher({ transport: refusing, log }).runOnce()).toBe(0);
    const failed = await rowOf(id);
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      lockedUntil: null,
      lastError: 'Error EENVELOPE 451',
      sentAt: null,
    });
    const wait = failed.nextAttemptAt.getTime() - before;
    expect(wait).toBeGreaterThan(0.75 * BASE_BACKOFF_MS - 1000);
    expect(wait).toBeLessThanOrEqual(BASE_BACKOFF_MS + 1000);

    // Not due yet: nobody picks it up before its time, even with a transport that works.
    const working = recordingTransport();
    expect(await dispatcher({ transport: working }).runOnce()).toBe(0);
    expect(
      await dispatcher({ transport: working, now: later(BASE_BACKOFF_MS + 1000) }).runOnce(),
    ).toBe(1);
    expect(working.countOf(id)).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    const logged = JSON.stringify(log.entries);
    expect(logged).toContain(id);
    expect(logged).toContain('testMessage');
    expect(logged).not.toContain(message.recipient);
    expect(logged).not.toContain('4827');
  });

  it("keeps the vendor's id of a sent message, to match its delivery reports", async () => {
    const { id } = await enqueueTestMessage(test.app, {
      channel: 'sms',
      recipient: '+15145550188',
    });
    const twilioLike = recordingTransport(async () => ({ vendorReference: `SM${'a'.repeat(32)}` }));
    expect(await dispatcher({ transport: twilioLike }).runOnce()).toBe(1);
    expect(await rowOf(id)).toMatchObject({
      status: 'sent',
      vendorReference: `SM${'a'.repeat(32)}`,
    });
  });

  it('stops at a permanent refusal (an opted-out number): refused with why, never tried again', async () => {
    const log = collectingLog();
    const { id, message } = await enqueueTestMessage(test.app, {
      channel: 'sms',
      recipient: '+15145550199',
    });
    const optedOut = recordingTransport(async () => {
      throw new MailDeliveryError('twilio-21610', { permanent: true, reason: 'smsOptedOut' });
    });
    expect(await dispatcher({ transport: optedOut, log }).runOnce()).toBe(0);
    expect(await rowOf(id)).toMatchObject({
      status: 'refused',
      attempts: 1,
      lockedUntil: null,
      lastError: 'twilio-21610',
      deliveryStatus: 'refused',
      deliveryReason: 'smsOptedOut',
    });
    // A day later, with a transport that works, it is still not sent: no retry can succeed.
    const working = recordingTransport();
    await dispatcher({ transport: working, now: later(24 * 3_600_000) }).runOnce();
    expect(working.countOf(id)).toBe(0);
    expect(JSON.stringify(log.entries)).not.toContain(message.recipient);
  });

  it('never drops a message: it keeps retrying at the cap and warns', async () => {
    const log = collectingLog();
    const { id, message } = await enqueueTestMessage(test.app);
    const refusing = recordingTransport(async () => {
      throw new Error('relay down');
    });
    const attempts = WARN_AFTER_ATTEMPTS + 6;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      // Each pass runs two hours after the last: past any backoff, capped at one hour.
      const clock = later(attempt * 2 * 3_600_000);
      expect(await dispatcher({ transport: refusing, log, now: clock }).runOnce()).toBe(0);
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: 'pending', attempts: attempt, lastError: 'Error' });
      expect(row.nextAttemptAt.getTime() - clock().getTime()).toBeLessThanOrEqual(
        MAX_BACKOFF_MS + 1000,
      );
    }
    expect(refusing.countOf(id)).toBe(attempts);
    const warnings = log.entries.filter((entry) => entry.level === 'warn');
    expect(warnings).toHaveLength(attempts - WARN_AFTER_ATTEMPTS + 1);
    expect(warnings.at(-1)?.fields).toMatchObject({ messageId: id, attempts, reason: 'Error' });
    expect(JSON.stringify(log.entries)).not.toContain(message.recipient);
  });

  it('counts a send that never settles as failed once its timeout passes', async () => {
    const { id } = await enqueueTestMessage(test.app);
    const hanging = recordingTransport(() => new Promise<void>(() => {}));
    expect(await dispatcher({ transport: hanging, sendTimeoutMs: 50 }).runOnce()).toBe(0);
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lockedUntil: null,
      lastError: 'SendTimeout',
    });
  });

  it('retries a message whose content cannot be decrypted instead of dropping it', async () => {
    const { id } = await enqueueTestMessage(test.app);
    const { contentEncrypted } = await rowOf(id);
    await test.app.db.execute(
      sql`update outbox_messages set content_encrypted = 'v1:AAAA:AAAA:AAAA' where id = ${id}`,
    );
    expect(await dispatcher().runOnce()).toBe(0);
    expect(await rowOf(id)).toMatchObject({ status: 'pending', lastError: 'DecryptionError' });
    // Put right (the key restored, say), it goes out at its next attempt.
    await test.app.db.execute(
      sql`update outbox_messages set content_encrypted = ${contentEncrypted} where id = ${id}`,
    );
    expect(await dispatcher({ now: later(BASE_BACKOFF_MS + 1000) }).runOnce()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  describe('a killed dispatcher loses no message', () => {
    it('leaves its claim until the lease ends; then another dispatcher sends it', async () => {
      const { id } = await enqueueTestMessage(test.app);
      // The first dispatcher claims the message, then its process dies mid-send: the send
      // never settles and nothing after it runs (the long timeout stands for "never").
      const claimed = deferred();
      const dying = recordingTransport(() => {
        claimed.resolve();
        return new Promise<void>(() => {});
      });
      void dispatcher({ transport: dying, sendTimeoutMs: 3_600_000 }).runOnce();
      await claimed.promise;
      const leased = await rowOf(id);
      expect(leased).toMatchObject({ status: 'pending', attempts: 1 });
      expect(leased.lockedUntil?.getTime()).toBeGreaterThan(Date.now());

      const mailbox = createSandboxMailbox(test.app.db, test.app.cipher);
      // While the lease runs, nobody else takes it.
      expect(await dispatcher({ transport: mailbox }).runOnce()).toBe(0);
      expect(await dispatcher({ transport: mailbox, now: later(LEASE_MS - 5000) }).runOnce()).toBe(
        0,
      );
      // Once it has ended, another dispatcher (another instance) sends it.
      expect(await dispatcher({ transport: mailbox, now: later(LEASE_MS + 1000) }).runOnce()).toBe(
        1,
      );
      expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, lockedUntil: null });
      const delivered = await mailbox.list();
      expect(delivered.filter((message) => message.outboxMessageId === id)).toHaveLength(1);
    });

    it('delivers once to the mailbox even when it died after delivering, before marking', async () => {
      const { id } = await enqueueTestMessage(test.app);
      const mailbox = createSandboxMailbox(test.app.db, test.app.cipher);
      const delivered = deferred();
      // Delivered, then killed before it could record that the message was sent.
      const diesAfterDelivering = recordingTransport(async (message) => {
        await mailbox.send(message);
        delivered.resolve();
        await new Promise<void>(() => {});
      });
      void dispatcher({ transport: diesAfterDelivering, sendTimeoutMs: 3_600_000 }).runOnce();
      await delivered.promise;
      expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1 });

      const second = dispatcher({ transport: mailbox, now: later(LEASE_MS + 1000) });
      expect(await second.runOnce()).toBe(1);
      expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
      const rows = (await mailbox.list()).filter((message) => message.outboxMessageId === id);
      expect(rows).toHaveLength(1);
    });

    it('a slow dispatcher whose lease ended does not overwrite the newer claim', async () => {
      const { id } = await enqueueTestMessage(test.app);
      const slowSend = deferred();
      const started = deferred();
      const slow = recordingTransport(() => {
        started.resolve();
        return slowSend.promise;
      });
      const slowPass = dispatcher({ transport: slow, sendTimeoutMs: 3_600_000 }).runOnce();
      await started.promise;

      // Its lease ends; another dispatcher claims the message and fails to send it.
      const refusing = recordingTransport(async () => {
        throw new Error('relay down');
      });
      const afterLease = later(LEASE_MS + 1000);
      expect(await dispatcher({ transport: refusing, now: afterLease }).runOnce()).toBe(0);
      const rescheduled = await rowOf(id);
      expect(rescheduled).toMatchObject({ status: 'pending', attempts: 2, lastError: 'Error' });

      // The slow send now succeeds: its claim is gone, so it changes nothing.
      slowSend.resolve();
      expect(await slowPass).toBe(0);
      expect(await rowOf(id)).toEqual(rescheduled);
    });
  });

  it('claims due messages oldest first, a batch at a time', async () => {
    const transport = recordingTransport();
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) ids.push((await enqueueTestMessage(test.app)).id);
    const small = dispatcher({ transport, batchSize: 2 });
    expect(await small.runOnce()).toBe(2);
    expect(await small.runOnce()).toBe(2);
    expect(await small.runOnce()).toBe(1);
    expect(await small.runOnce()).toBe(0);
    expect(transport.sent.map((message) => message.id)).toEqual(ids);
  });

  it('polls with start and settles the pass under way on stop', async () => {
    const transport = recordingTransport();
    const { id } = await enqueueTestMessage(test.app);
    const polling = dispatcher({ transport });
    polling.start(20);
    // Awaited however long a busy machine takes to poll, not for a count of ticks.
    await vi.waitFor(() => expect(transport.countOf(id)).toBeGreaterThan(0), {
      timeout: 20_000,
      interval: 20,
    });
    await polling.stop();
    expect(await rowOf(id)).toMatchObject({ status: 'sent' });
    // Stopped: a message queued now stays pending.
    const { id: after } = await enqueueTestMessage(test.app);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await rowOf(after)).toMatchObject({ status: 'pending', attempts: 0 });
  });
});

describe('two dispatchers at once', () => {
  it('never send one message twice, on one database from two instances', async () => {
    const instances = await createTwoInstances();
    try {
      const { first, second } = instances;
      const ids = new Set<string>();
      for (let index = 0; index < 40; index += 1) {
        ids.add((await enqueueTestMessage(first)).id);
      }
      // One transport records for both, slow enough that their passes overlap.
      const transport = recordingTransport(
        () => new Promise<void>((resolve) => setTimeout(resolve, 2)),
      );
      const on = (app: typeof first) =>
        createDispatcher({
          db: app.db,
          cipher: app.cipher,
          transport,
          leaseMs: LEASE_MS,
          batchSize: 7,
        });
      const dispatchers = [on(first), on(second), on(first), on(second)];
      let total = 0;
      for (;;) {
        const sent = await Promise.all(dispatchers.map((each) => each.runOnce()));
        const pass = sent.reduce((sum, count) => sum + count, 0);
        if (pass === 0) break;
        total += pass;
      }
      expect(total).toBe(40);
      expect(transport.sent).toHaveLength(40);
      for (const id of ids) expect(transport.countOf(id)).toBe(1);
    } finally {
      await instances.close();
    }
  });
});
