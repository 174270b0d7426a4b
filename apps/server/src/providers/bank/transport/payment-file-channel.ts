import {
  PaymentFileTransportError,
  sha256Hex,
  type PaymentFileDelivery,
  type PaymentFileToDeliver,
  type PaymentFileTransport,
} from './payment-file-transport.ts';
import {
  decryptFromBank,
  encryptForBank,
  isPgpMessage,
  readPgpKeys,
  type PgpKeys,
  type PgpSettings,
} from './pgp.ts';

/**
 * The way to the bank as the cut-off job uses it: a transport (folder or SFTP) and, when the
 * bank's public key is configured, OpenPGP.
 *
 * Sealing and delivering are two steps because OpenPGP encryption is randomized (a fresh session
 * key each time): the same file encrypted twice gives two different ciphertexts, so encrypting
 * inside `deliver` would make a resend send other bytes, which the transport refuses as a
 * conflict. The job therefore seals a file once, stores what `seal` answers (the bytes to send
 * and both checksums) with the file, and delivers those stored bytes, as often as needed: a
 * resend sends the same bytes, and a delivery that already landed is a no-op.
 */

export interface SealedPaymentFile {
  name: string;
  /** Exactly the bytes to send: the ciphertext with PGP, the clear file without. */
  bytes: Uint8Array;
  /** SHA-256 (hex) of `bytes`: what the bank receives. */
  sha256: string;
  /** SHA-256 (hex) of the clear file (the CPA 005 text), equal to `sha256` without PGP. */
  clearSha256: string;
  encrypted: boolean;
}

export interface SealedPaymentFileDelivery extends PaymentFileDelivery {
  clearSha256: string;
}

export interface PaymentFileChannelOptions {
  transport: PaymentFileTransport;
  /** Without it, files leave and returns arrive in clear (the bank's link protects them). */
  pgp?: PgpSettings & {
    /** Armored messages instead of binary OpenPGP (default false). */
    armor?: boolean;
    /** Sign outgoing files with our private key too (default false). */
    signFiles?: boolean;
    /**
     * Returns must be encrypted to our key (default: whenever our private key is configured):
     * a clear return is then refused rather than trusted.
     */
    decryptReturns?: boolean;
    /** Returns must carry a valid signature by the bank's key (default false). */
    requireSignedReturns?: boolean;
  };
}

export interface PaymentFileChannel {
  readonly transportName: string;
  readonly encrypted: boolean;
  seal(file: PaymentFileToDeliver): Promise<SealedPaymentFile>;
  deliver(file: SealedPaymentFile): Promise<SealedPaymentFileDelivery>;
  listReturns(): Promise<string[]>;
  /** The return's clear bytes (decrypted when returns are encrypted). */
  fetchReturn(name: string): Promise<Uint8Array>;
  acknowledgeReturn(name: string): Promise<void>;
}

export async function createPaymentFileChannel(
  options: PaymentFileChannelOptions,
): Promise<PaymentFileChannel> {
  const { transport, pgp } = options;
  const keys: PgpKeys | undefined = pgp ? await readPgpKeys(pgp) : undefined;
  const decryptReturns = pgp ? (pgp.decryptReturns ?? Boolean(pgp.ourPrivateKey)) : false;
  if (pgp && keys && (decryptReturns || pgp.signFiles || pgp.requireSignedReturns) && !keys.ours) {
    throw new PaymentFileTransportError(
      'pgpKey',
      'pgp: decrypting returns, signing files or checking signed returns needs our private key',
    );
  }

  return {
    transportName: transport.name,
    encrypted: keys !== undefined,

    async seal(file: PaymentFileToDeliver): Promise<SealedPaymentFile> {
      const clearSha256 = sha256Hex(file.bytes);
      if (!keys) {
        const bytes = Uint8Array.from(file.bytes);
        return { name: file.name, bytes, sha256: clearSha256, clearSha256, encrypted: false };
      }
      const bytes = await encryptForBank(file.bytes, keys, {
        fileName: file.name,
        ...(pgp?.armor !== undefined && { armor: pgp.armor }),
        ...(pgp?.signFiles !== undefined && { sign: pgp.signFiles }),
      });
      return { name: file.name, bytes, sha256: sha256Hex(bytes), clearSha256, encrypted: true };
    },

    async deliver(file: SealedPaymentFile): Promise<SealedPaymentFileDelivery> {
      // The stored bytes must still be the sealed ones: a changed byte is refused here rather
      // than sent under a name whose checksum was recorded.
      if (sha256Hex(file.bytes) !== file.sha256) {
        throw new PaymentFileTransportError(
          'verificationFailed',
          `${transport.name} delivery of ${file.name}: the bytes are not those sealed (sha256 differs)`,
        );
      }
      const delivery = await transport.deliver({ name: file.name, bytes: file.bytes });
      return { ...delivery, clearSha256: file.clearSha256 };
    },

    listReturns: () => transport.listReturns(),

    async fetchReturn(name: string): Promise<Uint8Array> {
      const bytes = await transport.fetchReturn(name);
      if (!decryptReturns || !keys) return bytes;
      if (!isPgpMessage(bytes)) {
        throw new PaymentFileTransportError(
          'notEncrypted',
          `${transport.name} return ${name}: arrived in clear while returns are to be encrypted ` +
            'to our key; not read',
        );
      }
      return decryptFromBank(bytes, keys, {
        ...(pgp?.requireSignedReturns !== undefined && {
          requireSignature: pgp.requireSignedReturns,
        }),
      });
    },

    acknowledgeReturn: (name: string) => transport.acknowledgeReturn(name),
  };
}
