import { createHash } from 'node:crypto';
import { connect as connectTcp } from 'node:net';
import path from 'node:path';
import SftpClient from 'ssh2-sftp-client';
import {
  acknowledgedNameFor,
  assertPlainFileName,
  isInProgressName,
  isPlainFileName,
  PaymentFileTransportError,
  sha256Hex,
  temporaryNameFor,
  type PaymentFileDelivery,
  type PaymentFileToDeliver,
  type PaymentFileTransport,
} from './payment-file-transport.ts';

export interface SftpTransportOptions {
  host: string;
  /** Default 22. */
  port?: number;
  username: string;
  /** An OpenSSH or PEM private key; the usual way banks authenticate a client. */
  privateKey?: string;
  /** The private key's passphrase, when it has one. */
  passphrase?: string;
  /** A password, for servers that take one instead of (or besides) a key. */
  password?: string;
  /**
   * The server's host key fingerprints, `SHA256:` and unpadded base64 as `ssh-keygen -lf`
   * prints them. Required: a server presenting any other key is refused before anything is
   * sent (no trust on first use). Several allow a key rotation announced by the bank.
   */
  hostKeyFingerprints: readonly string[];
  /** Remote folder payment files are delivered to (relative to the login folder, or absolute). */
  outgoingDir: string;
  /** Remote folder the bank leaves its returns in. */
  incomingDir: string;
  /**
   * What acknowledging a return does: `move` (default) into `acknowledgedDir`, or `delete`, for
   * servers that allow no folder of ours beside their returns.
   */
  acknowledge?: 'move' | 'delete';
  /** Where acknowledged returns are moved (default `<incomingDir>/acknowledged`). */
  acknowledgedDir?: string;
  /** Time limit of one whole operation, connection included (default 60 s). */
  timeoutMs?: number;
  /** Largest return read (default 64 MiB). */
  maxReturnBytes?: number;
  /**
   * Whether a delivery reads its temporary file back and compares checksums before renaming it
   * (default true; its size is compared in any case). Turn off only for a server that refuses
   * reads in the folder it receives files in.
   */
  verifyUpload?: boolean;
  now?: () => Date;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_RETURN_BYTES = 64 * 1024 * 1024;
/** The SSH handshake's own limit, inside the operation's. */
const HANDSHAKE_TIMEOUT_MS = 20_000;
/** How long closing a connection politely may take before its socket is simply destroyed. */
const END_TIMEOUT_MS = 5_000;
const FINGERPRINT = /^SHA256:[A-Za-z0-9+/]{43}=?$/;

/** OpenSSH's fingerprint of a host key blob: `SHA256:` and the digest in unpadded base64. */
export function sshFingerprint(hostKey: Uint8Array): string {
  return `SHA256:${createHash('sha256').update(hostKey).digest('base64').replace(/=+$/, '')}`;
}

/**
 * Payment files over SFTP to the bank's server, on `ssh2-sftp-client`. Each operation opens its
 * own connection and always closes it (the library's advice is one client object per
 * connection; a transport kept open would hold a bank session between cut-offs):
 * - the host key is checked against the configured fingerprints during the handshake, before
 *   authentication, so neither credentials nor files reach another server;
 * - delivery writes a hidden temporary file (`.NAME.<random>.partial`, a name of its own),
 *   reads it back and compares checksums, then renames it with the SFTP protocol's own rename,
 *   which refuses an existing target (OpenSSH implements it as link then unlink); a final name
 *   that already exists is compared first: same bytes are a success, others a `conflict`;
 * - errors are `PaymentFileTransportError`s naming the operation, host and user, never a
 *   password, passphrase or key.
 */
export function createSftpTransport(options: SftpTransportOptions): PaymentFileTransport {
  const port = options.port ?? 22;
  const where = `${options.host}:${port}`;
  const fingerprints = options.hostKeyFingerprints.map((value) => value.trim());
  if (fingerprints.length === 0 || !fingerprints.every((value) => FINGERPRINT.test(value))) {
    throw new PaymentFileTransportError(
      'configuration',
      `sftp ${where}: the server's host key fingerprint is required, as SHA256:<base64> ` +
        '(ssh-keygen -lf on the key the bank gives)',
    );
  }
  const allowed = new Set(fingerprints.map((value) => value.replace(/=+$/, '')));
  if (!options.privateKey && !options.password) {
    throw new PaymentFileTransportError(
      'configuration',
      `sftp ${where}: a private key or a password is required for ${options.username}`,
    );
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxReturnBytes = options.maxReturnBytes ?? DEFAULT_MAX_RETURN_BYTES;
  const verifyUpload = options.verifyUpload ?? true;
  const now = options.now ?? (() => new Date());
  const acknowledgedDir =
    options.acknowledgedDir ?? path.posix.join(options.incomingDir, 'acknowledged');
  const secrets = [options.password, options.passphrase, options.privateKey].filter(
    (value): value is string => Boolean(value),
  );

  /** The library's message, without anything configured as a secret, on one line. */
  function scrubbed(message: string): string {
    let text = message;
    for (const secret of secrets) text = text.split(secret).join('[redacted]');
    return text.replace(/\s+/g, ' ').slice(0, 300);
  }

  async function withConnection<T>(
    operation: string,
    work: (sftp: SftpClient) => Promise<T>,
  ): Promise<T> {
    let presentedKey: string | undefined;
    let hostKeyRefused = false;
    let timedOut = false;
    // A socket of our own: destroyed in `finally` whatever state the handshake reached (the
    // library's end() closes only a connection that became ready).
    const socket = connectTcp({ host: options.host, port });
    const sftp = new SftpClient('payment-files', {
      // Events outside an operation: the library logs them by default; the operation's own
      // promise carries what matters.
      error: () => undefined,
      end: () => undefined,
      close: () => undefined,
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        socket.destroy();
        reject(new Error('time limit'));
      }, timeoutMs);
    });
    try {
      const run = (async () => {
        await sftp.connect({
          sock: socket,
          host: options.host,
          port,
          username: options.username,
          ...(options.privateKey !== undefined && { privateKey: options.privateKey }),
          ...(options.passphrase !== undefined && { passphrase: options.passphrase }),
          ...(options.password !== undefined && { password: options.password }),
          readyTimeout: Math.min(HANDSHAKE_TIMEOUT_MS, timeoutMs),
          hostVerifier: (key: Buffer) => {
            presentedKey = sshFingerprint(key);
            hostKeyRefused = !allowed.has(presentedKey);
            return !hostKeyRefused;
          },
        });
        return work(sftp);
      })();
      // The loser of the race may still reject later: it has been answered already.
      run.catch(() => undefined);
      return await Promise.race([run, deadline]);
    } catch (error) {
      throw describe(operation, error, { presentedKey, hostKeyRefused, timedOut });
    } finally {
      clearTimeout(timer);
      // A polite end (the server sees a disconnect, not a reset) unless the time is up; the
      // socket is destroyed in any case, so no connection outlives its operation.
      if (!timedOut) await endWithin(sftp, END_TIMEOUT_MS);
      socket.destroy();
    }
  }

  function describe(
    operation: string,
    error: unknown,
    state: { presentedKey: string | undefined; hostKeyRefused: boolean; timedOut: boolean },
  ): PaymentFileTransportError {
    if (error instanceof PaymentFileTransportError) return error;
    const prefix = `sftp ${operation} at ${where}`;
    if (state.hostKeyRefused) {
      return new PaymentFileTransportError(
        'hostKeyMismatch',
        `${prefix}: the server presented host key ${state.presentedKey}, which is not a ` +
          'configured fingerprint; nothing was sent',
      );
    }
    if (state.timedOut) {
      return new PaymentFileTransportError(
        'timeout',
        `${prefix}: no answer within ${timeoutMs} ms; the connection was closed`,
      );
    }
    const message = error instanceof Error ? error.message : String(error);
    const code =
      error instanceof Error && 'code' in error && typeof error.code === 'string'
        ? error.code
        : undefined;
    if (/private ?key|passphrase/i.test(message)) {
      return new PaymentFileTransportError(
        'configuration',
        `${prefix}: the private key of user ${options.username} cannot be used: ${scrubbed(message)}`,
      );
    }
    if (/authentication methods failed/i.test(message)) {
      return new PaymentFileTransportError(
        'authenticationFailed',
        `${prefix}: the server refused the credentials of user ${options.username}`,
      );
    }
    if (/timed out/i.test(message)) {
      return new PaymentFileTransportError('timeout', `${prefix}: ${scrubbed(message)}`);
    }
    if (
      code &&
      ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET'].includes(code)
    ) {
      return new PaymentFileTransportError('unreachable', `${prefix}: ${code}`);
    }
    return new PaymentFileTransportError('failed', `${prefix}: ${scrubbed(message)}`);
  }

  /** The bytes of a remote regular file, or undefined when there is nothing by that name. */
  async function readIfFile(
    sftp: SftpClient,
    remotePath: string,
    label: string,
  ): Promise<{ bytes: Buffer; modifiedAt: Date } | undefined> {
    const kind = await sftp.exists(remotePath);
    if (kind === false) return undefined;
    if (kind !== '-') {
      throw new PaymentFileTransportError(
        'conflict',
        `sftp ${label} at ${where}: something other than a file has the name ${remotePath}`,
      );
    }
    const stats = await sftp.stat(remotePath);
    return { bytes: await download(sftp, remotePath), modifiedAt: new Date(stats.modifyTime) };
  }

  async function existingDelivery(
    sftp: SftpClient,
    finalPath: string,
    sha256: string,
  ): Promise<PaymentFileDelivery | undefined> {
    const existing = await readIfFile(sftp, finalPath, 'delivery');
    if (!existing) return undefined;
    const existingSha256 = sha256Hex(existing.bytes);
    if (existingSha256 !== sha256) {
      throw new PaymentFileTransportError(
        'conflict',
        `sftp delivery at ${where}: ${finalPath} already holds other bytes (sha256 ` +
          `${existingSha256}, this one ${sha256}); a delivered file is never replaced`,
      );
    }
    return {
      remotePath: finalPath,
      sha256,
      deliveredAt: existing.modifiedAt,
      alreadyDelivered: true,
    };
  }

  return {
    name: 'sftp',

    async deliver(file: PaymentFileToDeliver): Promise<PaymentFileDelivery> {
      assertPlainFileName(file.name, 'sftp delivery');
      const bytes = Buffer.from(file.bytes);
      const sha256 = sha256Hex(bytes);
      const finalPath = path.posix.join(options.outgoingDir, file.name);
      return withConnection('delivery', async (sftp) => {
        const earlier = await existingDelivery(sftp, finalPath, sha256);
        if (earlier) return earlier;

        const temporaryPath = path.posix.join(options.outgoingDir, temporaryNameFor(file.name));
        let renamed = false;
        try {
          await sftp.put(bytes, temporaryPath, {
            writeStreamOptions: { flags: 'w', mode: 0o640 },
          });
          // ssh2 closes its write stream when the server refuses a WRITE, and the library then
          // reports the upload done: the size, and unless turned off the checksum, of what the
          // server holds are what tell.
          const { size } = await sftp.stat(temporaryPath);
          if (size !== bytes.length) {
            throw new PaymentFileTransportError(
              'verificationFailed',
              `sftp delivery at ${where}: ${temporaryPath} holds ${size} bytes, not the ` +
                `${bytes.length} sent; not renamed`,
            );
          }
          if (verifyUpload) {
            const written = sha256Hex(await download(sftp, temporaryPath));
            if (written !== sha256) {
              throw new PaymentFileTransportError(
                'verificationFailed',
                `sftp delivery at ${where}: ${temporaryPath} read back with sha256 ${written}, ` +
                  `not the ${sha256} sent; not renamed`,
              );
            }
          }
          try {
            await sftp.rename(temporaryPath, finalPath);
            renamed = true;
          } catch (error) {
            // Another delivery of this name may have finished first.
            const raced = await existingDelivery(sftp, finalPath, sha256);
            if (raced) return raced;
            throw error;
          }
        } finally {
          if (!renamed) await sftp.delete(temporaryPath, true).catch(() => undefined);
        }
        return { remotePath: finalPath, sha256, deliveredAt: now(), alreadyDelivered: false };
      });
    },

    async listReturns(): Promise<string[]> {
      return withConnection('listing of returns', async (sftp) => {
        const entries = await sftp.list(options.incomingDir);
        return entries
          .filter((entry) => entry.type === '-' && !isInProgressName(entry.name))
          .map((entry) => entry.name)
          .filter(isPlainFileName)
          .sort();
      });
    },

    async fetchReturn(name: string): Promise<Uint8Array> {
      assertPlainFileName(name, 'sftp return');
      const remotePath = path.posix.join(options.incomingDir, name);
      return withConnection('fetch of a return', async (sftp) => {
        if ((await sftp.exists(remotePath)) !== '-') {
          throw new PaymentFileTransportError(
            'notFound',
            `sftp return at ${where}: no file ${remotePath}`,
          );
        }
        const stats = await sftp.stat(remotePath);
        if (stats.size > maxReturnBytes) {
          throw new PaymentFileTransportError(
            'tooLarge',
            `sftp return at ${where}: ${remotePath} has ${stats.size} bytes, more than the ` +
              `${maxReturnBytes} accepted`,
          );
        }
        return new Uint8Array(await download(sftp, remotePath));
      });
    },

    async acknowledgeReturn(name: string): Promise<void> {
      assertPlainFileName(name, 'sftp return');
      const remotePath = path.posix.join(options.incomingDir, name);
      return withConnection('acknowledgement of a return', async (sftp) => {
        if ((await sftp.exists(remotePath)) !== '-') {
          throw new PaymentFileTransportError(
            'notFound',
            `sftp return at ${where}: no file ${remotePath} to acknowledge`,
          );
        }
        if (options.acknowledge === 'delete') {
          await sftp.delete(remotePath);
          return;
        }
        if ((await sftp.exists(acknowledgedDir)) === false) {
          await sftp.mkdir(acknowledgedDir, true);
        }
        await sftp.rename(
          remotePath,
          path.posix.join(acknowledgedDir, acknowledgedNameFor(name, now())),
        );
      });
    },
  };
}

async function endWithin(sftp: SftpClient, limitMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, limitMs);
  });
  await Promise.race([sftp.end().catch(() => undefined), limit]);
  clearTimeout(timer);
}

async function download(sftp: SftpClient, remotePath: string): Promise<Buffer> {
  const data: unknown = await sftp.get(remotePath);
  if (Buffer.isBuffer(data)) return data;
  // The library collects with concat-stream, which answers an empty array for an empty file.
  if (Array.isArray(data) && data.length === 0) return Buffer.alloc(0);
  throw new Error(`no bytes read from ${remotePath}`);
}
