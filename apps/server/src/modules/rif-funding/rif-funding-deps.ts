import type { RifRates } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { BankClock } from '../../providers/sandbox-bank/bank-clock.ts';

/** What the RRIF payout service and its parts work with. */
export interface RifFundingDeps {
  db: Database;
  cipher: FieldCipher;
  clock: BankClock;
  publicUrl: string;
  rates: RifRates;
}
