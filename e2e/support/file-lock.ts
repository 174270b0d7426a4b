import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { baseURL } from '../playwright.config.ts';

/**
 * A hold that journeys in other workers (other processes) respect: a directory made atomically
 * in the temporary directory, named after the main server's port (so two runs on other ports
 * never meet), with its owner's process id. A hold whose owner has died, or that is older than
 * any journey may run, is taken over. The bank's clock (bank-clock.ts) and the demo staff's
 * authenticator codes (account-security.ts) are held this way.
 */

/** Longer than the longest journey's timeout: a hold this old was left behind. */
const STALE_AFTER_MS = 5 * 60_000;
const POLL_MS = 200;

interface Owner {
  pid: number;
  since: number;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export class FileLock {
  private readonly dir: string;
  private readonly owner: string;

  constructor(name: string) {
    this.dir = path.join(tmpdir(), `portal-e2e-${name}-${new URL(baseURL).port}`);
    this.owner = path.join(this.dir, 'owner.json');
  }

  private async ownerOf(): Promise<Owner | null> {
    try {
      return JSON.parse(await readFile(this.owner, 'utf8')) as Owner;
    } catch {
      return null; // being written by the process that just made the directory, or gone
    }
  }

  /** Takes the hold once it is free (or left behind); waits as long as the test may. */
  async acquire(): Promise<void> {
    for (;;) {
      try {
        await mkdir(this.dir);
        await writeFile(this.owner, JSON.stringify({ pid: process.pid, since: Date.now() }));
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const current = await this.ownerOf();
      if (current && (!isAlive(current.pid) || Date.now() - current.since > STALE_AFTER_MS)) {
        await rm(this.dir, { recursive: true, force: true });
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Gives the hold back, unless it was taken over as left behind (it never should be). */
  async release(): Promise<void> {
    if ((await this.ownerOf())?.pid !== process.pid) return;
    await rm(this.dir, { recursive: true, force: true });
  }

  /** Where a holder may keep a note for the next holder (it outlives each hold). */
  notePath(): string {
    return `${this.dir}.note`;
  }
}
