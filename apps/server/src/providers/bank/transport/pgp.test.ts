import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMessage, encrypt, generateKey, readKey, readPrivateKey } from 'openpgp';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolderTransport } from './folder-transport.ts';
import { createPaymentFileChannel } from './payment-file-channel.ts';
import { PaymentFileTransportError } from './payment-file-transport.ts';
import { decryptFromBank, encryptForBank, isPgpMessage, readPgpKeys } from './pgp.ts';
import { createSftpTransport } from './sftp-transport.ts';
import { startTestSftpServer } from './sftp-test-server.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A CPA 005 file as the writer makes them: 7-bit ASCII records ending in CR LF. */
const clearFile = new TextEncoder().encode(
  `${'A000000001LAURENTIDE00012026334'.padEnd(1464, ' ')}\r\n` +
    `${'D000000002LAURENTIDE0001450000001234502633400012345678901234567'.padEnd(1464, ' ')}\r\n` +
    `${'Z000000003LAURENTIDE0001'.padEnd(1464, ' ')}\r\n`,
);
const PASSPHRASE = 'correct horse battery staple';

/** The bank's key pair (we hold only its public half) and ours (its private half protected). */
let bank: { publicKey: string; privateKey: string };
let ours: { publicKey: string; privateKey: string };
let base: string;

beforeAll(async () => {
  bank = await generateKey({ userIDs: [{ name: 'Bank EFT', email: 'eft@bank.example' }] });
  ours = await generateKey({
    userIDs: [{ name: 'Laurentide payments', email: 'payments@laurentide.example' }],
    passphrase: PASSPHRASE,
  });
  base = await mkdtemp(path.join(tmpdir(), 'portal-pgp-'));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

/** What the bank does with what it receives: decrypt with its private key. */
async function bankDecrypts(bytes: Uint8Array): Promise<Uint8Array> {
  const keys = await readPgpKeys({ bankPublicKey: ours.publicKey, ourPrivateKey: bank.privateKey });
  return decryptFromBank(bytes, keys);
}

/** What the bank does to send us a return: encrypt to our public key. */
async function bankEncrypts(bytes: Uint8Array): Promise<Uint8Array> {
  return encrypt({
    message: await createMessage({ binary: bytes }),
    encryptionKeys: await readKey({ armoredKey: ours.publicKey }),
    format: 'binary',
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

describe('PGP', () => {
  it('encrypts a file to a key so that its private key decrypts the same bytes', async () => {
    const keys = await readPgpKeys({ bankPublicKey: bank.publicKey });

    const ciphertext = await encryptForBank(clearFile, keys, { fileName: 'PAY0001.txt' });

    expect(isPgpMessage(ciphertext)).toBe(true);
    expect(isPgpMessage(clearFile)).toBe(false);
    expect(Buffer.from(ciphertext).includes(Buffer.from('LAURENTIDE'))).toBe(false);
    expect(await bankDecrypts(ciphertext)).toEqual(clearFile);
  });

  it('writes an armored message when asked, which decrypts the same', async () => {
    const keys = await readPgpKeys({ bankPublicKey: bank.publicKey });
    const armored = await encryptForBank(clearFile, keys, { armor: true });
    expect(new TextDecoder().decode(armored)).toMatch(/^-----BEGIN PGP MESSAGE-----/);
    expect(await bankDecrypts(armored)).toEqual(clearFile);
  });

  it('signs with our key when asked, and a return signed by the bank passes the signature check', async () => {
    const keys = await readPgpKeys({
      bankPublicKey: bank.publicKey,
      ourPrivateKey: ours.privateKey,
      ourPassphrase: PASSPHRASE,
    });
    const signed = await encryptForBank(clearFile, keys, { sign: true });
    // The bank, checking our signature with our public key.
    const bankKeys = await readPgpKeys({
      bankPublicKey: ours.publicKey,
      ourPrivateKey: bank.privateKey,
    });
    expect(await decryptFromBank(signed, bankKeys, { requireSignature: true })).toEqual(clearFile);
    // An unsigned message fails the same check.
    const unsigned = await encryptForBank(
      clearFile,
      await readPgpKeys({ bankPublicKey: bank.publicKey }),
    );
    const error = await refusal(decryptFromBank(unsigned, bankKeys, { requireSignature: true }));
    expect(error.code).toBe('decryptionFailed');
  });

  it('refuses keys it cannot use, without the passphrase in the message', async () => {
    expect((await refusal(readPgpKeys({ bankPublicKey: 'not a key' }))).code).toBe('pgpKey');
    // Our own private key pasted where the bank's public key goes.
    expect((await refusal(readPgpKeys({ bankPublicKey: bank.privateKey }))).message).toContain(
      'private key',
    );
    const wrong = `${PASSPHRASE} (wrong)`;
    const error = await refusal(
      readPgpKeys({
        bankPublicKey: bank.publicKey,
        ourPrivateKey: ours.privateKey,
        ourPassphrase: wrong,
      }),
    );
    expect(error.code).toBe('pgpKey');
    expect(error.message).not.toContain(wrong);
    // The key itself is protected: what we were given is encrypted at rest.
    expect((await readPrivateKey({ armoredKey: ours.privateKey })).isDecrypted()).toBe(false);
  });
});

describe('PGP on the folder transport', () => {
  it('delivers ciphertext, not the clear file, whose decryption is the file; both checksums returned', async () => {
    const outgoingDir = path.join(base, 'folder-out');
    const channel = await createPaymentFileChannel({
      transport: createFolderTransport({ outgoingDir, incomingDir: path.join(base, 'folder-in') }),
      pgp: { bankPublicKey: bank.publicKey },
    });

    const sealed = await channel.seal({ name: 'PAY0001.txt', bytes: clearFile });
    const delivery = await channel.deliver(sealed);

    const onDisk = new Uint8Array(await readFile(path.join(outgoingDir, 'PAY0001.txt')));
    expect(onDisk).not.toEqual(clearFile);
    expect(Buffer.from(onDisk).includes(Buffer.from('LAURENTIDE'))).toBe(false);
    expect(await bankDecrypts(onDisk)).toEqual(clearFile);
    expect(delivery.sha256).toBe(sha256(onDisk));
    expect(delivery.clearSha256).toBe(sha256(clearFile));
    expect(sealed).toMatchObject({
      sha256: sha256(onDisk),
      clearSha256: sha256(clearFile),
      encrypted: true,
    });
  });

  it('resends the sealed bytes as they were; sealing again would give other bytes, which are refused', async () => {
    const outgoingDir = path.join(base, 'resend-out');
    const channel = await createPaymentFileChannel({
      transport: createFolderTransport({ outgoingDir, incomingDir: path.join(base, 'resend-in') }),
      pgp: { bankPublicKey: bank.publicKey },
    });
    const sealed = await channel.seal({ name: 'PAY0002.txt', bytes: clearFile });
    await channel.deliver(sealed);

    const resend = await channel.deliver(sealed);
    expect(resend).toMatchObject({ alreadyDelivered: true, sha256: sealed.sha256 });

    // Encryption is randomized: the same file sealed twice is two different ciphertexts. This is
    // why the cut-off job stores what `seal` answers and resends that.
    const resealed = await channel.seal({ name: 'PAY0002.txt', bytes: clearFile });
    expect(resealed.sha256).not.toBe(sealed.sha256);
    expect(resealed.clearSha256).toBe(sealed.clearSha256);
    expect((await refusal(channel.deliver(resealed))).code).toBe('conflict');
  });

  it('refuses to deliver stored bytes that are no longer those sealed', async () => {
    const channel = await createPaymentFileChannel({
      transport: createFolderTransport({
        outgoingDir: path.join(base, 'tamper-out'),
        incomingDir: path.join(base, 'tamper-in'),
      }),
    });
    const sealed = await channel.seal({ name: 'PAY0003.txt', bytes: clearFile });
    const tampered = { ...sealed, bytes: Uint8Array.from(sealed.bytes) };
    tampered.bytes[100] = 0x39;
    expect((await refusal(channel.deliver(tampered))).code).toBe('verificationFailed');
  });

  it('decrypts returns the bank encrypts to our key, and refuses one that arrives in clear', async () => {
    const incomingDir = path.join(base, 'returns-in');
    await mkdir(incomingDir, { recursive: true });
    await writeFile(path.join(incomingDir, 'RET0001.txt'), await bankEncrypts(clearFile));
    await writeFile(path.join(incomingDir, 'RET0002.txt'), clearFile);
    const channel = await createPaymentFileChannel({
      transport: createFolderTransport({
        outgoingDir: path.join(base, 'returns-out'),
        incomingDir,
      }),
      pgp: {
        bankPublicKey: bank.publicKey,
        ourPrivateKey: ours.privateKey,
        ourPassphrase: PASSPHRASE,
      },
    });

    expect(await channel.fetchReturn('RET0001.txt')).toEqual(clearFile);
    expect((await refusal(channel.fetchReturn('RET0002.txt'))).code).toBe('notEncrypted');
  });

  it('without PGP configured, sends the clear file and reads returns as they are', async () => {
    const outgoingDir = path.join(base, 'clear-out');
    const channel = await createPaymentFileChannel({
      transport: createFolderTransport({ outgoingDir, incomingDir: path.join(base, 'clear-in') }),
    });
    const delivery = await channel.deliver(
      await channel.seal({ name: 'PAY0004.txt', bytes: clearFile }),
    );
    expect(new Uint8Array(await readFile(path.join(outgoingDir, 'PAY0004.txt')))).toEqual(
      clearFile,
    );
    expect(delivery.sha256).toBe(delivery.clearSha256);
  });
});

describe('PGP on the SFTP transport', () => {
  it('delivers ciphertext to the bank’s server whose decryption is the file', async () => {
    const clientKeys = ssh2.utils.generateKeyPairSync('ecdsa', { bits: 256 });
    const server = await startTestSftpServer({
      user: { username: 'laurentide', publicKey: clientKeys.public },
    });
    try {
      const channel = await createPaymentFileChannel({
        transport: createSftpTransport({
          host: '127.0.0.1',
          port: server.port,
          username: 'laurentide',
          privateKey: clientKeys.private,
          hostKeyFingerprints: [server.hostKeyFingerprint],
          outgoingDir: 'outbox',
          incomingDir: 'inbox',
        }),
        pgp: { bankPublicKey: bank.publicKey },
      });

      const delivery = await channel.deliver(
        await channel.seal({ name: 'PAY0005.txt', bytes: clearFile }),
      );

      const onServer = new Uint8Array(await readFile(server.localPath('outbox/PAY0005.txt')));
      expect(onServer).not.toEqual(clearFile);
      expect(isPgpMessage(onServer)).toBe(true);
      expect(await bankDecrypts(onServer)).toEqual(clearFile);
      expect(delivery).toMatchObject({ sha256: sha256(onServer), clearSha256: sha256(clearFile) });
    } finally {
      await server.close();
    }
  });
});
