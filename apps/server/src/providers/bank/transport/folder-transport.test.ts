import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFolderTransport } from './folder-transport.ts';
import { PaymentFileTransportError } from './payment-file-transport.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const text = (value: string) => new TextEncoder().encode(value);

let base: string;
let outgoingDir: string;
let incomingDir: string;

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'portal-folder-transport-'));
  outgoingDir = path.join(base, 'outgoing');
  incomingDir = path.join(base, 'incoming');
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

async function refusal(promise: Promise<unknown>): Promise<PaymentFileTransportError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentFileTransportError);
  return error as PaymentFileTransportError;
}

describe('folder transport: delivery', () => {
  it('writes the file under a hidden temporary name, flushed, and only then under its final name', async () => {
    const file = { name: 'PAY0001.txt', bytes: text('A000000001...\r\nZ000000002...\r\n') };
    const seenBetween: { final: boolean; visible: string[]; temporary: string } = {
      final: true,
      visible: [],
      temporary: '',
    };
    const transport = createFolderTransport({
      outgoingDir,
      incomingDir,
      afterTemporaryWrite: async (temporaryPath) => {
        seenBetween.temporary = path.basename(temporaryPath);
        seenBetween.final = await stat(path.join(outgoingDir, file.name)).then(
          () => true,
          () => false,
        );
        // What a sync tool that skips hidden files sees at that moment.
        seenBetween.visible = (await readdir(outgoingDir)).filter((name) => !name.startsWith('.'));
        expect(await readFile(temporaryPath)).toEqual(Buffer.from(file.bytes));
      },
    });

    const delivery = await transport.deliver(file);

    expect(seenBetween.final).toBe(false);
    expect(seenBetween.visible).toEqual([]);
    expect(seenBetween.temporary).toMatch(/^\.PAY0001\.txt\.[0-9a-f]{12}\.partial$/);
    expect(delivery.remotePath).toBe(path.join(outgoingDir, 'PAY0001.txt'));
    expect(delivery.alreadyDelivered).toBe(false);
    const onDisk = await readFile(delivery.remotePath);
    expect(onDisk).toEqual(Buffer.from(file.bytes));
    expect(delivery.sha256).toBe(sha256(onDisk));
    // The temporary file is gone; only the final name is left.
    expect(await readdir(outgoingDir)).toEqual(['PAY0001.txt']);
  });

  it('is readable by its owner and group only (the file holds account numbers)', async () => {
    const transport = createFolderTransport({ outgoingDir, incomingDir });
    const { remotePath } = await transport.deliver({ name: 'PAY0002.txt', bytes: text('x') });
    expect((await stat(remotePath)).mode & 0o777).toBe(0o640);
  });

  it('answers a resend of the same bytes as already delivered, writing nothing', async () => {
    const transport = createFolderTransport({ outgoingDir, incomingDir });
    const file = { name: 'PAY0003.txt', bytes: text('the same bytes') };
    const first = await transport.deliver(file);
    const before = await stat(first.remotePath);

    const again = await transport.deliver({ name: file.name, bytes: text('the same bytes') });

    expect(again.alreadyDelivered).toBe(true);
    expect(again.sha256).toBe(first.sha256);
    expect(again.remotePath).toBe(first.remotePath);
    const after = await stat(first.remotePath);
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(again.deliveredAt.getTime()).toBe(before.mtime.getTime());
    expect(await readdir(outgoingDir)).toEqual(['PAY0003.txt']);
  });

  it('refuses other bytes under a name already delivered, and leaves the first file as it was', async () => {
    const transport = createFolderTransport({ outgoingDir, incomingDir });
    await transport.deliver({ name: 'PAY0004.txt', bytes: text('first') });

    const error = await refusal(transport.deliver({ name: 'PAY0004.txt', bytes: text('second') }));

    expect(error.code).toBe('conflict');
    expect(error.message).toContain('PAY0004.txt');
    expect(await readFile(path.join(outgoingDir, 'PAY0004.txt'), 'utf8')).toBe('first');
    expect(await readdir(outgoingDir)).toEqual(['PAY0004.txt']);
  });

  it('keeps one file when two deliveries of the same name run at once', async () => {
    const transport = createFolderTransport({ outgoingDir, incomingDir });
    const file = { name: 'PAY0005.txt', bytes: text('raced') };
    const results = await Promise.all([transport.deliver(file), transport.deliver(file)]);
    expect(results.map((result) => result.sha256)).toEqual([
      sha256(file.bytes),
      sha256(file.bytes),
    ]);
    expect(await readdir(outgoingDir)).toEqual(['PAY0005.txt']);
  });

  it.each([
    ['../escape.txt'],
    ['sub/file.txt'],
    ['sub\\file.txt'],
    ['..'],
    ['a..b'],
    ['.hidden'],
    [''],
    ['C:file'],
    ['line\nbreak'],
    [' padded '],
    ['x'.repeat(201)],
  ])('refuses the name %j before touching the disk', async (name) => {
    const transport = createFolderTransport({ outgoingDir, incomingDir });
    const error = await refusal(transport.deliver({ name, bytes: text('x') }));
    expect(error.code).toBe('invalidName');
    expect(await readdir(base)).toEqual([]);
    expect((await refusal(transport.fetchReturn(name))).code).toBe('invalidName');
    expect((await refusal(transport.acknowledgeReturn(name))).code).toBe('invalidName');
  });
});

describe('folder transport: returns', () => {
  it('lists returns, hands each one over, and after its acknowledgement offers it no more', async () => {
    const acknowledgedDir = path.join(base, 'done');
    const at = new Date('2026-12-01T14:05:06.789Z');
    const transport = createFolderTransport({
      outgoingDir,
      incomingDir,
      acknowledgedDir,
      now: () => at,
    });
    await mkdir(incomingDir, { recursive: true });
    await writeFile(path.join(incomingDir, 'RET0002.txt'), 'second return');
    await writeFile(path.join(incomingDir, 'RET0001.txt'), 'first return');
    // Not returns: a bank upload in progress, a hidden file, a folder, a link elsewhere.
    await writeFile(path.join(incomingDir, 'RET0003.txt.part'), 'half');
    await writeFile(path.join(incomingDir, '.RET0004.txt'), 'hidden');
    await mkdir(path.join(incomingDir, 'archive'));
    await writeFile(path.join(base, 'secret.txt'), 'not a return');
    await symlink(path.join(base, 'secret.txt'), path.join(incomingDir, 'RET0005.txt'));

    expect(await transport.listReturns()).toEqual(['RET0001.txt', 'RET0002.txt']);
    expect(new TextDecoder().decode(await transport.fetchReturn('RET0001.txt'))).toBe(
      'first return',
    );
    expect((await refusal(transport.fetchReturn('RET0005.txt'))).code).toBe('notFound');

    await transport.acknowledgeReturn('RET0001.txt');

    expect(await transport.listReturns()).toEqual(['RET0002.txt']);
    expect((await refusal(transport.fetchReturn('RET0001.txt'))).code).toBe('notFound');
    expect((await refusal(transport.acknowledgeReturn('RET0001.txt'))).code).toBe('notFound');
    expect(await readdir(acknowledgedDir)).toEqual(['20261201T140506789Z-RET0001.txt']);
    expect(
      await readFile(path.join(acknowledgedDir, '20261201T140506789Z-RET0001.txt'), 'utf8'),
    ).toBe('first return');
  });

  it('keeps each acknowledged return when the bank reuses a name the next day', async () => {
    let day = 1;
    const transport = createFolderTransport({
      outgoingDir,
      incomingDir,
      now: () => new Date(`2026-12-0${day}T12:00:00.000Z`),
    });
    await mkdir(incomingDir, { recursive: true });
    for (const content of ['monday', 'tuesday']) {
      await writeFile(path.join(incomingDir, 'RETURNS.TXT'), content);
      expect(await transport.listReturns()).toEqual(['RETURNS.TXT']);
      await transport.acknowledgeReturn('RETURNS.TXT');
      day += 1;
    }
    expect(await transport.listReturns()).toEqual([]);
    expect((await readdir(path.join(incomingDir, 'acknowledged'))).sort()).toEqual([
      '20261201T120000000Z-RETURNS.TXT',
      '20261202T120000000Z-RETURNS.TXT',
    ]);
  });

  it('lists nothing while the incoming folder does not exist yet', async () => {
    const transport = createFolderTransport({ outgoingDir, incomingDir });
    expect(await transport.listReturns()).toEqual([]);
  });

  it('refuses a return larger than the limit without reading it', async () => {
    const transport = createFolderTransport({ outgoingDir, incomingDir, maxReturnBytes: 4 });
    await mkdir(incomingDir, { recursive: true });
    await writeFile(path.join(incomingDir, 'BIG.txt'), '12345');
    expect((await refusal(transport.fetchReturn('BIG.txt'))).code).toBe('tooLarge');
  });
});
