import { expect, type APIRequestContext } from '@playwright/test';
import { FileLock } from './file-lock.ts';

/**
 * The sandbox bank's clock in the journeys (issue 32). A server has one bank date
 * (`/sandbox/bank/clock`, docs/sandbox.md "Bank settlement"): the start dates offered, the
 * settlement of debits and the PAC deletions all read it, and a journey that moves it moves it
 * for every journey on that server. A journey that needs the date to stand still between what
 * it does and what it checks (a debit seen pending, then approved, once the bank's days pass)
 * holds the clock for that stretch (a FileLock, shared by the workers): while it holds it no
 * other journey moves it, and a journey that waits for it starts from wherever the last one left
 * the date, so none depends on what another did or on their order, and they run side by side.
 * Journeys that only read a date read the one their page shows (rif-payout.spec.ts), and do not
 * hold it.
 */
const lock = new FileLock('bank-clock');

/** The bank's clock as a journey uses it: read, held, moved on. */
export class BankClock {
  private held = false;

  constructor(private readonly request: APIRequestContext) {}

  /** From now until the test ends, no other journey moves the bank's date. */
  async hold(): Promise<void> {
    if (this.held) return;
    await lock.acquire();
    this.held = true;
  }

  /** Lets the other journeys move the date again (the fixture does it when the test ends). */
  async release(): Promise<void> {
    if (!this.held) return;
    this.held = false;
    await lock.release();
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
