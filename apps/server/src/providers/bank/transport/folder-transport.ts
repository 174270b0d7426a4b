import { constants } from 'node:fs';
import { link, lstat, mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
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

export interface FolderTransportOptions {
  /** Where payment files are written for the bank (a bank connection tool sends what lands here). */
  outgoingDir: string;
  /** Where the bank's return files arrive. */
  incomingDir: string;
  /** Where acknowledged returns are moved (default `<incomingDir>/acknowledged`). */
  acknowledgedDir?: string;
  /** Largest return read (default 64 MiB): a larger one is refused, not loaded into memory. */
  maxReturnBytes?: number;
  /** The clock (tests). */
  now?: () => Date;
  /**
   * Called after the temporary file is written and flushed, before it takes its final name.
   * For tests that look at the folder in between; production passes nothing.
   */
  afterTemporaryWrite?: (temporaryPath: string) => Promise<void>;
}

const DEFAULT_MAX_RETURN_BYTES = 64 * 1024 * 1024;
/** Payment files hold account numbers: the owner writes, its group (a sync tool) reads. */
const FILE_MODE = 0o640;
/** File systems without hard links (some network shares, FAT): `link` fails with one of these. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Payment files as files in folders: the development default, and what a bank connection tool
 * that syncs folders with the bank's server works from. Writing is atomic: the bytes go to a
 * hidden temporary file in the outgoing folder (same file system), are flushed to disk, and the
 * file is then hard-linked to its final name, which fails if the name exists, so an existing
 * file is never replaced (a plain rename would silently overwrite it). The folder is flushed
 * after, so the new name survives a power cut. A sync tool must skip hidden files (`.*`), or it
 * may pick up a temporary file before it is complete.
 */
export function createFolderTransport(options: FolderTransportOptions): PaymentFileTransport {
  const outgoingDir = path.resolve(options.outgoingDir);
  const incomingDir = path.resolve(options.incomingDir);
  const acknowledgedDir = path.resolve(
    options.acknowledgedDir ?? path.join(incomingDir, 'acknowledged'),
  );
  const maxReturnBytes = options.maxReturnBytes ?? DEFAULT_MAX_RETURN_BYTES;
  const now = options.now ?? (() => new Date());
  const name = 'folder';

  async function existingDelivery(
    finalPath: string,
    fileName: string,
    sha256: string,
  ): Promise<PaymentFileDelivery | undefined> {
    const stats = await lstat(finalPath).catch(ignoreMissing);
    if (!stats) return undefined;
    if (!stats.isFile()) {
      throw new PaymentFileTransportError(
        'conflict',
        `folder delivery of ${fileName}: something other than a file already has that name`,
      );
    }
    const existing = sha256Hex(await readFile(finalPath));
    if (existing !== sha256) {
      throw new PaymentFileTransportError(
        'conflict',
        `folder delivery of ${fileName}: a file with other bytes already has that name ` +
          `(sha256 ${existing}, this one ${sha256}); a delivered file is never replaced`,
      );
    }
    return { remotePath: finalPath, sha256, deliveredAt: stats.mtime, alreadyDelivered: true };
  }

  return {
    name,

    async deliver(file: PaymentFileToDeliver): Promise<PaymentFileDelivery> {
      assertPlainFileName(file.name, 'folder delivery');
      const sha256 = sha256Hex(file.bytes);
      const finalPath = path.join(outgoingDir, file.name);
      await mkdir(outgoingDir, { recursive: true });

      const earlier = await existingDelivery(finalPath, file.name, sha256);
      if (earlier) return earlier;

      const temporaryPath = path.join(outgoingDir, temporaryNameFor(file.name));
      try {
        const handle = await open(
          temporaryPath,
          constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
          FILE_MODE,
        );
        try {
          await handle.writeFile(file.bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await options.afterTemporaryWrite?.(temporaryPath);

        try {
          await link(temporaryPath, finalPath);
        } catch (error) {
          const code = errorCode(error);
          if (code === 'EEXIST') {
            // Another delivery of this name finished first: the same bytes are a success.
            const raced = await existingDelivery(finalPath, file.name, sha256);
            if (raced) return raced;
          }
          if (!code || !NO_HARD_LINKS.has(code)) throw error;
          // No hard links here: rename, after one more look (a narrow window, left to the
          // caller's lock on the day's file).
          const raced = await existingDelivery(finalPath, file.name, sha256);
          if (raced) return raced;
          await rename(temporaryPath, finalPath);
        }
        await syncFolder(outgoingDir);
      } finally {
        await unlink(temporaryPath).catch(ignoreMissing);
      }
      return { remotePath: finalPath, sha256, deliveredAt: now(), alreadyDelivered: false };
    },

    async listReturns(): Promise<string[]> {
      const entries = await readdir(incomingDir, { withFileTypes: true }).catch(ignoreMissing);
      if (!entries) return [];
      return entries
        .filter((entry) => entry.isFile() && !isInProgressName(entry.name))
        .map((entry) => entry.name)
        .filter(isPlainFileName)
        .sort();
    },

    async fetchReturn(returnName: string): Promise<Uint8Array> {
      assertPlainFileName(returnName, 'folder return');
      const returnPath = path.join(incomingDir, returnName);
      const stats = await lstat(returnPath).catch(ignoreMissing);
      if (!stats?.isFile()) {
        throw new PaymentFileTransportError(
          'notFound',
          `folder return ${returnName}: no such file in the incoming folder`,
        );
      }
      if (stats.size > maxReturnBytes) {
        throw new PaymentFileTransportError(
          'tooLarge',
          `folder return ${returnName}: ${stats.size} bytes, more than the ${maxReturnBytes} accepted`,
        );
      }
      return new Uint8Array(await readFile(returnPath));
    },

    async acknowledgeReturn(returnName: string): Promise<void> {
      assertPlainFileName(returnName, 'folder return');
      const returnPath = path.join(incomingDir, returnName);
      const stats = await lstat(returnPath).catch(ignoreMissing);
      if (!stats?.isFile()) {
        throw new PaymentFileTransportError(
          'notFound',
          `folder return ${returnName}: no such file to acknowledge in the incoming folder`,
        );
      }
      await mkdir(acknowledgedDir, { recursive: true });
      await rename(returnPath, path.join(acknowledgedDir, acknowledgedNameFor(returnName, now())));
      await syncFolder(incomingDir);
    },
  };
}

/** Flushes a folder's entries (a new or removed name) to disk where the platform allows it. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, constants.O_RDONLY).catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Some platforms and file systems cannot flush a folder (EINVAL, EISDIR): nothing more to do.
  } finally {
    await handle.close();
  }
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

function ignoreMissing(error: unknown): undefined {
  if (errorCode(error) === 'ENOENT') return undefined;
  throw error;
}
