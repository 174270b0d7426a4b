import { createHash, generateKeyPairSync } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import ssh2 from 'ssh2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentFileTransportError } from './payment-file-transport.ts';
import { createSftpTransport, type SftpTransportOptions } from './sftp-transport.ts';
import { startTestSftpServer, type TestSftpServer } from './sftp-test-server.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const text = (value: string) => new TextEncoder().encode(value);

const PASSWORD = 'Tr0ub4dor&3-never-in-a-message';
// ECDSA rather than ed25519: see the note on the host key in sftp-test-server.ts.
const newKeyPair = () => ssh2.utils.generateKeyPairSync('ecdsa', { bits: 256 });
const clientKeys = newKeyPair();

let server: TestSftpServer;

beforeEach(async () => {
  server = await startTestSftpServer({
    user: { username: 'laurentide', password: PASSWORD, publicKey: clientKeys.public },
  });
});
afterEach(async () => {
  await server.close();
});

function transport(overrides: Partial<SftpTransportOptions> = {}) {
  return createSftpTransport({
    host: '127.0.0.1',
    port: server.port,
    username: 'laurentide',
    privateKey: clientKeys.private,
    hostKeyFingerprints: [server.hostKeyFingerprint],
    outgoingDir: 'outbox',
    incomingDir: 'inbox',
    timeoutMs: 15_000,
    ...overrides,
  });
}

async function refusal(promise: Promise<unknown>): Promise<PaymentFileTransportError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentFileTransportError);
  return error as PaymentFileTransportError;
}

/** Each operation closes its connection: the server sees none left open. */
async function expectConnectionsClosed() {
  await vi.waitFor(() => expect(server.openConnections()).toBe(0));
}

describe('SFTP transport: delivery', () => {
  it('uploads under a temporary name, reads it back, then renames it to the final name', async () => {
    const file = {
      name: 'PAY0001.txt',
      bytes: text('A000000001 header\r\nZ000000002 trailer\r\n'),
    };

    const delivery = await transport().deliver(file);

    const writes = server.operations.filter(
      (operation) => operation.op === 'open' && operation.detail !== 'r',
    );
    expect(writes).toHaveLength(1);
    const temporary = writes[0]!.path;
    expect(temporary).toMatch(/^\/outbox\/\.PAY0001\.txt\.[0-9a-f]{12}\.partial$/);
    const sequence = server.operations
      .filter((operation) => ['open', 'rename'].includes(operation.op))
      .map((operation) => [operation.op, operation.path, operation.detail]);
    expect(sequence).toEqual([
      ['open', temporary, writes[0]!.detail],
      ['open', temporary, 'r'],
      ['rename', temporary, '/outbox/PAY0001.txt'],
    ]);
    // Nothing was ever written under the final name.
    expect(
      server.operations.some(
        (operation) => operation.op === 'write' && operation.path === '/outbox/PAY0001.txt',
      ),
    ).toBe(false);

    const onServer = await readFile(server.localPath('outbox/PAY0001.txt'));
    expect(onServer).toEqual(Buffer.from(file.bytes));
    expect(delivery).toMatchObject({
      remotePath: 'outbox/PAY0001.txt',
      sha256: sha256(onServer),
      alreadyDelivered: false,
    });
    expect(await readdir(server.localPath('outbox'))).toEqual(['PAY0001.txt']);
    await expectConnectionsClosed();
  });

  it('signs in with a password where the bank uses one', async () => {
    const delivery = await transport({ privateKey: undefined, password: PASSWORD }).deliver({
      name: 'PAY0002.txt',
      bytes: text('by password'),
    });
    expect(delivery.alreadyDelivered).toBe(false);
    expect(server.authentications.some((attempt) => attempt.method === 'password')).toBe(true);
  });

  it('answers a resend of the same bytes as already delivered, uploading nothing', async () => {
    const file = { name: 'PAY0003.txt', bytes: text('the same bytes') };
    const first = await transport().deliver(file);
    server.operations.length = 0;

    const again = await transport().deliver({ name: 'PAY0003.txt', bytes: text('the same bytes') });

    expect(again).toMatchObject({ alreadyDelivered: true, sha256: first.sha256 });
    expect(server.operations.filter((operation) => operation.op === 'write')).toEqual([]);
    expect(server.operations.filter((operation) => operation.op === 'rename')).toEqual([]);
    expect(await readdir(server.localPath('outbox'))).toEqual(['PAY0003.txt']);
  });

  it('refuses other bytes under a delivered name and leaves the bank’s file as it was', async () => {
    await transport().deliver({ name: 'PAY0004.txt', bytes: text('first') });
    server.operations.length = 0;

    const error = await refusal(
      transport().deliver({ name: 'PAY0004.txt', bytes: text('second') }),
    );

    expect(error.code).toBe('conflict');
    expect(server.operations.filter((operation) => operation.op === 'write')).toEqual([]);
    expect(await readFile(server.localPath('outbox/PAY0004.txt'), 'utf8')).toBe('first');
    await expectConnectionsClosed();
  });

  it('leaves nothing under the final name when the upload fails half-way, and removes the temporary file', async () => {
    server.failWritesTo = /\.partial$/;

    const error = await refusal(
      transport().deliver({ name: 'PAY0005.txt', bytes: text('never whole') }),
    );

    // ssh2 1.17 closes the write stream on a refused WRITE and ssh2-sftp-client then reports the
    // upload done: the read-back is what notices (`verificationFailed`). Either way, no rename.
    expect(['failed', 'verificationFailed']).toContain(error.code);
    expect(await readdir(server.localPath('outbox'))).toEqual([]);
    expect(server.operations.some((operation) => operation.op === 'rename')).toBe(false);
    await expectConnectionsClosed();

    server.failWritesTo = undefined;
    const retried = await transport().deliver({ name: 'PAY0005.txt', bytes: text('never whole') });
    expect(retried.alreadyDelivered).toBe(false);
    expect(await readdir(server.localPath('outbox'))).toEqual(['PAY0005.txt']);
  });

  it('refuses a name with a folder or ".." before connecting', async () => {
    for (const name of ['../etc/passwd', 'inbox/x', '..', '.hidden']) {
      const error = await refusal(transport().deliver({ name, bytes: text('x') }));
      expect(error.code).toBe('invalidName');
    }
    expect(server.authentications).toEqual([]);
  });
});

describe('SFTP transport: who it talks to', () => {
  it('refuses a server whose host key is not the configured one, before signing in or sending anything', async () => {
    const otherKey = ssh2.utils.parseKey(newKeyPair().public);
    if (otherKey instanceof Error) throw otherKey;
    const wrongFingerprint = `SHA256:${createHash('sha256').update(otherKey.getPublicSSH()).digest('base64').replace(/=+$/, '')}`;

    const error = await refusal(
      transport({ hostKeyFingerprints: [wrongFingerprint], password: PASSWORD }).deliver({
        name: 'PAY0006.txt',
        bytes: text('must not leave'),
      }),
    );

    expect(error.code).toBe('hostKeyMismatch');
    expect(error.message).toContain(server.hostKeyFingerprint);
    expect(server.authentications).toEqual([]);
    expect(server.operations).toEqual([]);
    expect(await readdir(server.localPath('outbox'))).toEqual([]);
    await expectConnectionsClosed();
  });

  it('will not start without a host key fingerprint (no trust on first use)', () => {
    expect(() => transport({ hostKeyFingerprints: [] })).toThrow(/fingerprint is required/);
    expect(() => transport({ hostKeyFingerprints: ['aa:bb:cc'] })).toThrow(
      PaymentFileTransportError,
    );
  });

  it('names refused credentials clearly, without the password in the message', async () => {
    const wrong = `${PASSWORD}-wrong`;

    const error = await refusal(
      transport({ privateKey: undefined, password: wrong }).listReturns(),
    );

    expect(error.code).toBe('authenticationFailed');
    expect(error.message).toBe(
      `sftp listing of returns at 127.0.0.1:${server.port}: the server refused the credentials of user laurentide`,
    );
    expect(error.message).not.toContain(wrong);
    expect(JSON.stringify(error)).not.toContain(wrong);
    expect(String(error.stack)).not.toContain(wrong);
    expect(server.operations).toEqual([]);
    await expectConnectionsClosed();
  });

  it('refuses a key the server does not know, naming the user', async () => {
    const stranger = newKeyPair();
    const error = await refusal(transport({ privateKey: stranger.private }).listReturns());
    expect(error.code).toBe('authenticationFailed');
    expect(error.message).not.toContain('PRIVATE KEY');
  });

  it('signs in with a PEM RSA key, as banks often issue them', async () => {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const parsed = ssh2.utils.parseKey(privateKey);
    if (parsed instanceof Error) throw parsed;
    await server.close();
    server = await startTestSftpServer({
      user: {
        username: 'laurentide',
        publicKey: `${parsed.type} ${parsed.getPublicSSH().toString('base64')}`,
      },
    });

    const delivery = await transport({ privateKey }).deliver({
      name: 'PAY0007.txt',
      bytes: text('by a PEM key'),
    });

    expect(delivery.alreadyDelivered).toBe(false);
  });

  it('unlocks a passphrase-protected key, and without the passphrase says the key cannot be used', async () => {
    const passphrase = 'a passphrase never shown';
    const locked = ssh2.utils.generateKeyPairSync('ecdsa', {
      bits: 256,
      passphrase,
      cipher: 'aes256-cbc',
    });
    await server.close();
    server = await startTestSftpServer({
      user: { username: 'laurentide', publicKey: locked.public },
    });

    expect(await transport({ privateKey: locked.private, passphrase }).listReturns()).toEqual([]);

    const error = await refusal(transport({ privateKey: locked.private }).listReturns());
    expect(error.code).toBe('configuration');
    expect(error.message).not.toContain('PRIVATE KEY');
    expect(error.message).not.toContain(passphrase);
    const wrong = await refusal(
      transport({ privateKey: locked.private, passphrase: `${passphrase}!` }).listReturns(),
    );
    expect(wrong.code).toBe('configuration');
    expect(wrong.message).not.toContain(passphrase);
  });

  it('gives up at its time limit on a server that never answers, and closes the connection', async () => {
    const sockets = new Set<Socket>();
    // Accepts the connection and reads what comes (so it notices the close), never answering.
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.resume();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const error = await refusal(transport({ port, timeoutMs: 300 }).listReturns());
      expect(error.code).toBe('timeout');
      await vi.waitFor(() => expect(sockets.size).toBe(0));
    } finally {
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('says the server is unreachable when nothing listens', async () => {
    const port = server.port;
    await server.close();
    server = await startTestSftpServer({ user: { username: 'laurentide', password: PASSWORD } });
    const error = await refusal(transport({ port }).listReturns());
    expect(error.code).toBe('unreachable');
    expect(error.message).toContain('ECONNREFUSED');
  });
});

describe('SFTP transport: returns', () => {
  it('lists returns, fetches one, and after its acknowledgement offers it no more', async () => {
    const at = new Date('2026-12-01T14:05:06.789Z');
    const sftp = transport({ now: () => at });
    await writeFile(server.localPath('inbox/RET0002.txt'), 'second return');
    await writeFile(server.localPath('inbox/RET0001.txt'), 'first return');
    await writeFile(server.localPath('inbox/RET0003.txt.filepart'), 'half');
    await writeFile(server.localPath('inbox/.hidden'), 'hidden');

    expect(await sftp.listReturns()).toEqual(['RET0001.txt', 'RET0002.txt']);
    expect(new TextDecoder().decode(await sftp.fetchReturn('RET0001.txt'))).toBe('first return');

    await sftp.acknowledgeReturn('RET0001.txt');

    expect(await sftp.listReturns()).toEqual(['RET0002.txt']);
    expect((await refusal(sftp.fetchReturn('RET0001.txt'))).code).toBe('notFound');
    expect((await refusal(sftp.acknowledgeReturn('RET0001.txt'))).code).toBe('notFound');
    expect(await readdir(server.localPath('inbox/acknowledged'))).toEqual([
      '20261201T140506789Z-RET0001.txt',
    ]);
    await expectConnectionsClosed();
  });

  it('deletes acknowledged returns on a server that keeps no folder of ours', async () => {
    const sftp = transport({ acknowledge: 'delete' });
    await writeFile(server.localPath('inbox/RET0009.txt'), 'return');
    await sftp.acknowledgeReturn('RET0009.txt');
    expect(await readdir(server.localPath('inbox'))).toEqual([]);
  });

  it('fetches an empty return as no bytes', async () => {
    await writeFile(server.localPath('inbox/EMPTY.txt'), '');
    expect(await transport().fetchReturn('EMPTY.txt')).toEqual(new Uint8Array(0));
  });

  it('refuses a return larger than the limit', async () => {
    await writeFile(server.localPath('inbox/BIG.txt'), '12345');
    const error = await refusal(transport({ maxReturnBytes: 4 }).fetchReturn('BIG.txt'));
    expect(error.code).toBe('tooLarge');
    expect(server.operations.some((operation) => operation.op === 'read')).toBe(false);
  });

  it('serves the same bytes it keeps: a fetched return matches the file on the server', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, index) => index % 251));
    await writeFile(path.join(server.root, 'inbox', 'RETBIN.dat'), bytes);
    const fetched = await transport().fetchReturn('RETBIN.dat');
    expect(sha256(fetched)).toBe(sha256(bytes));
  });
});
