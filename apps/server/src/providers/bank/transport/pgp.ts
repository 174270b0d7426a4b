import {
  createMessage,
  decrypt,
  decryptKey,
  encrypt,
  readKey,
  readMessage,
  readPrivateKey,
  type PrivateKey,
  type PublicKey,
} from 'openpgp';
import { PaymentFileTransportError } from './payment-file-transport.ts';

/**
 * OpenPGP for payment files, on OpenPGP.js (`openpgp`): files encrypted to the bank's public key
 * before they leave, returns decrypted with the brokerage's private key when the bank encrypts
 * them. Keys are read once (`readPgpKeys`), so a key that cannot be used stops the start-up
 * rather than the first cut-off.
 */

export interface PgpSettings {
  /** The bank's public key, armored (`-----BEGIN PGP PUBLIC KEY BLOCK-----`). */
  bankPublicKey: string;
  /** The brokerage's private key, armored: decrypts returns, and signs files when `sign`. */
  ourPrivateKey?: string;
  /** The private key's passphrase, when it is protected by one. */
  ourPassphrase?: string;
}

export interface PgpKeys {
  bank: PublicKey;
  ours?: PrivateKey;
}

export interface PgpEncryptOptions {
  /** ASCII armor (`-----BEGIN PGP MESSAGE-----`) instead of binary OpenPGP (the default). */
  armor?: boolean;
  /** Sign with our private key as well (banks that authenticate the sender ask for it). */
  sign?: boolean;
  /** The file's name, kept inside the message (its literal data packet). */
  fileName?: string;
}

export async function readPgpKeys(settings: PgpSettings): Promise<PgpKeys> {
  const bank = await readKey({ armoredKey: settings.bankPublicKey }).catch((error: unknown) => {
    throw keyError('the bank public key cannot be read', error);
  });
  if (bank.isPrivate()) {
    throw new PaymentFileTransportError(
      'pgpKey',
      'pgp: the bank key given is a private key; give the public key the bank publishes',
    );
  }
  await bank.getEncryptionKey().catch((error: unknown) => {
    throw keyError('the bank public key has no usable encryption key (expired or revoked?)', error);
  });
  if (!settings.ourPrivateKey) return { bank };

  const armored = await readPrivateKey({ armoredKey: settings.ourPrivateKey }).catch(
    (error: unknown) => {
      throw keyError('our private key cannot be read', error);
    },
  );
  const ours = armored.isDecrypted()
    ? armored
    : await decryptKey({
        privateKey: armored,
        ...(settings.ourPassphrase !== undefined && { passphrase: settings.ourPassphrase }),
      }).catch((error: unknown) => {
        throw keyError(
          'our private key cannot be unlocked with the passphrase given',
          error,
          settings.ourPassphrase,
        );
      });
  return { bank, ours };
}

/** The file encrypted to the bank's key (and signed with ours when asked). */
export async function encryptForBank(
  bytes: Uint8Array,
  keys: PgpKeys,
  options: PgpEncryptOptions = {},
): Promise<Uint8Array> {
  if (options.sign && !keys.ours) {
    throw new PaymentFileTransportError(
      'pgpKey',
      'pgp: signing files needs our private key, which is not configured',
    );
  }
  const message = await createMessage({
    binary: bytes,
    ...(options.fileName !== undefined && { filename: options.fileName }),
  });
  const signing = options.sign && keys.ours ? { signingKeys: keys.ours } : {};
  if (options.armor) {
    const armored = await encrypt({ message, encryptionKeys: keys.bank, ...signing });
    return new TextEncoder().encode(armored);
  }
  return encrypt({ message, encryptionKeys: keys.bank, format: 'binary', ...signing });
}

/**
 * A return decrypted with our private key. With `requireSignature`, it must also carry a valid
 * signature by the bank's key, or it is refused.
 */
export async function decryptFromBank(
  bytes: Uint8Array,
  keys: PgpKeys,
  options: { requireSignature?: boolean } = {},
): Promise<Uint8Array> {
  if (!keys.ours) {
    throw new PaymentFileTransportError(
      'pgpKey',
      'pgp: decrypting returns needs our private key, which is not configured',
    );
  }
  try {
    const message = isArmoredMessage(bytes)
      ? await readMessage({ armoredMessage: new TextDecoder().decode(bytes) })
      : await readMessage({ binaryMessage: bytes });
    const { data } = await decrypt({
      message,
      decryptionKeys: keys.ours,
      format: 'binary',
      ...(options.requireSignature && { expectSigned: true, verificationKeys: keys.bank }),
    });
    return data;
  } catch (error) {
    throw new PaymentFileTransportError(
      'decryptionFailed',
      `pgp: the return cannot be decrypted${options.requireSignature ? ' or its signature verified' : ''}: ${reasonOf(error)}`,
    );
  }
}

/**
 * Whether bytes are an OpenPGP message rather than a clear file: armored text, or a binary
 * packet (its first byte has the high bit set; a CPA 005 file starts with `A`).
 */
export function isPgpMessage(bytes: Uint8Array): boolean {
  if (isArmoredMessage(bytes)) return true;
  const first = bytes[0];
  return first !== undefined && (first & 0x80) !== 0;
}

function isArmoredMessage(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
  return head.startsWith('-----BEGIN PGP MESSAGE-----');
}

function keyError(what: string, error: unknown, secret?: string): PaymentFileTransportError {
  return new PaymentFileTransportError('pgpKey', `pgp: ${what}: ${reasonOf(error, secret)}`);
}

/**
 * OpenPGP.js's reason on one short line. Its messages name a problem (a malformed block, a wrong
 * passphrase), not key material; a passphrase is removed all the same.
 */
function reasonOf(error: unknown, secret?: string): string {
  let message = error instanceof Error ? error.message : String(error);
  if (secret) message = message.split(secret).join('[redacted]');
  return message.replace(/\s+/g, ' ').slice(0, 200);
}
