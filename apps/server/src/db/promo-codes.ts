import type { PromoCodeRecord } from '@portal/domain/promo/promo-api';
import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { promoCodes } from './schema.ts';

/**
 * A promo code's row, or undefined for no such code: read by the promo screen's service and by
 * the review's recheck that the code still fits the accounts chosen.
 */
export async function findPromoCode(
  db: Database,
  code: string,
): Promise<PromoCodeRecord | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row;
}
