import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';

/**
 * The sandbox bank's clock in the journeys (issue 32). A server has one bank date
 * (`/sandbox/bank/clock`, docs/sandbox.md "Bank settlement"): the start dates offered, the
 * settlement of debits and the PAC deletions all read it, and a journey that moves it moves it
 * for every journey on that server. A journey that needs the date to stand still between what
 * it does and what it checks (a debit seen pending, then approved, once the bank's days pass)
 * holds the clock for that stretch: while it holds it no other journey moves it, and a journey
 * that waits for it starts from wherever the last one left the date, so none depends on what
 * another did or on their order, and they run side by side. Journeys that only read a date
 * read the one their page shows (rif-payout.spec.ts), and do not hold it.
 *
 * The hold is a directory made atomically in the temporary directory, named after the main
 * server's port (so two runs on other ports never meet), with its owner's process id: a hold
 * whose owner has died, or that is older than any journey may run, is taken over.
 */

const lock = path.join(tmpdir(), `portal-e2e-bank-clock-${new URL(baseURL).port}`);
const owner = path.join(lock, 'owner.json');
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

async function ownerOf(): Promise<Owner | null> {
  try {
    return JSON.parse(await readFile(owner, 'utf8')) as Owner;
  } catch {
    return null; // being written by the process that just made the directory, or gone
  }
}

/** Takes the hold once it is free (or left behind); waits as long as the test may. */
async function acquire(): Promise<void> {
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(owner, JSON.stringify({ pid: process.pid, since: Date.now() }));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = await ownerOf();
    if (current && (!isAlive(current.pid) || Date.now() - current.since > STALE_AFTER_MS)) {
      await rm(lock, { recursive: true, force: true });
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The bank's clock as a journey uses it: read, held, moved on. */
export class BankClock {
  private held = false;

  constructor(private readonly request: APIRequestContext) {}

  /** From now until the test ends, no other journey moves the bank's date. */
  async hold(): Promise<void> {
    if (this.held) return;
    await acquire();
    this.held = true;
  }

  /** Lets the other journeys move the date again (the fixture does it when the test ends). */
  async release(): Promise<void> {
    if (!this.held) return;
    this.held = false;
    // Taken over as left behind (it never should be): the hold is another's now.
    if ((await ownerOf())?.pid !== process.pid) return;
    await rm(lock, { recursive: true, force: true });
  }

  async today(): Promise<string> {
    const response = await this.request.get('/sandbox/bank/clock');
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { today: string }).today;
  }

  /** Moves the bank's date on (held only); the settlement job runs before the answer. */
  async advance(businessDays: number): Promise<void> {
    expect(this.held, 'hold the bank clock before moving it').toBe(true);
    const response = await this.request.post('/sandbox/bank/clock', {
      data: { advanceBusinessDays: businessDays },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}
