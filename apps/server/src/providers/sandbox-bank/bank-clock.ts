import { eq, sql } from 'drizzle-orm';
import {
  isIsoDate,
  PAYMENTS_TIME_ZONE,
  todayIn,
  type IsoDate,
} from '@portal/domain/calendar/iso-date';
import type { Database } from '../../db/client.ts';
import { sandboxBankClock } from '../../db/schema.ts';

/**
 * The bank's date (issue 14): which day it is for debits, start dates and settlement. A real
 * bank works on today's date in Toronto (the brokerage and its processing bank are in Eastern
 * time, wherever the client is); the sandbox bank's clock can be set and advanced by tests and
 * demos (`/sandbox/bank/clock`, docs/sandbox.md), so a debit dated next week settles now.
 */
export interface BankClock {
  today(): Promise<IsoDate>;
}

/** Today in America/Toronto, from the machine's clock (or the one given). */
export function realBankClock(now: () => Date = () => new Date()): BankClock {
  return { today: async () => todayIn(PAYMENTS_TIME_ZONE, now()) };
}

const CLOCK_ROW = 1;

/**
 * The sandbox bank's clock: the date stored in `sandbox_bank_clock` (shared by every instance),
 * or the real today while none is set. It does not move by itself once set.
 */
export function sandboxBankClockOf(db: Database, now: () => Date = () => new Date()): BankClock {
  const real = realBankClock(now);
  return {
    async today() {
      const [row] = await db
        .select({ today: sandboxBankClock.today })
        .from(sandboxBankClock)
        .where(eq(sandboxBankClock.id, CLOCK_ROW));
      return row?.today && isIsoDate(row.today) ? row.today : real.today();
    },
  };
}

/** Sets the sandbox bank's date; null goes back to the real today. */
export async function setSandboxBankToday(db: Database, today: IsoDate | null): Promise<void> {
  await db
    .insert(sandboxBankClock)
    .values({ id: CLOCK_ROW, today })
    .onConflictDoUpdate({ target: sandboxBankClock.id, set: { today: sql`excluded.today` } });
}
