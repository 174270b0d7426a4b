import { acceptsChanges, chosenAccounts, dealerDate } from '@portal/domain';
import {
  acceptedPromoOf,
  promoRefusalCode,
  promoRefusalOf,
  type AcceptedPromoCode,
  type PromoRefusal,
} from '@portal/domain/promo/promo-api';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { findPromoCode } from '../../db/promo-codes.ts';
import { applications } from '../../db/schema.ts';
import {
  findOwnedApplication,
  recordAuditEvent,
  savedStepsOf,
} from '../applications/applications.service.ts';

/** A refusal the routes turn into an HTTP answer. */
export class PromoError extends Error {
  override name = 'PromoError';
  constructor(
    readonly status: 400 | 404 | 409,
    readonly errorCode: string,
  ) {
    super(errorCode);
  }
}

export class PromoRefused extends PromoError {
  constructor(readonly refusal: PromoRefusal) {
    super(400, promoRefusalCode(refusal));
  }
}

async function heldCode(db: Database, id: string): Promise<string | null> {
  const [row] = await db
    .select({ promoCode: applications.promoCode })
    .from(applications)
    .where(eq(applications.id, id));
  return row?.promoCode ?? null;
}

/** The code an application holds, with its offer; null when none (or its row is gone). */
async function acceptedOf(db: Database, id: string): Promise<AcceptedPromoCode | null> {
  const code = await heldCode(db, id);
  if (!code) return null;
  const record = await findPromoCode(db, code);
  return record ? acceptedPromoOf(record) : null;
}

/** Read by the owner only (the promo screen, the review); anyone else 404. */
export async function promoCodeOf(
  db: Database,
  ownerId: string,
  id: string,
): Promise<AcceptedPromoCode | null> {
  if (!(await findOwnedApplication(db, ownerId, id))) throw new PromoError(404, 'notFound');
  return acceptedOf(db, id);
}

/**
 * Takes `code` (already upper-cased by the domain schema) for the caller's application: it must
 * exist, be valid on today's Toronto business day and fit the accounts chosen so far. Replaces
 * any code held before (one per application). Refused once the review is agreed, like a save.
 */
export async function applyPromoCode(
  db: Database,
  ownerId: string,
  id: string,
  code: string,
  now = new Date(),
): Promise<AcceptedPromoCode> {
  return db.transaction(async (tx) => {
    const application = await findOwnedApplication(tx, ownerId, id, { lock: true });
    if (!application) throw new PromoError(404, 'notFound');
    if (!acceptsChanges(application.status)) throw new PromoError(409, 'applicationLocked');
    const record = await findPromoCode(tx, code);
    const refusal = promoRefusalOf(record, {
      today: dealerDate(now),
      accounts: chosenAccounts(await savedStepsOf(tx, id)),
    });
    if (refusal || !record) throw new PromoRefused(refusal ?? 'unknown');
    const previous = await heldCode(tx, id);
    await tx
      .update(applications)
      .set({ promoCode: record.code, updatedAt: now })
      .where(eq(applications.id, id));
    await recordAuditEvent(tx, {
      applicationId: id,
      actorId: ownerId,
      action: 'promoCodeApplied',
      details: { code: record.code, ...(previous && previous !== record.code && { previous }) },
    });
    return acceptedPromoOf(record);
  });
}

export async function removePromoCode(
  db: Database,
  ownerId: string,
  id: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const application = await findOwnedApplication(tx, ownerId, id, { lock: true });
    if (!application) throw new PromoError(404, 'notFound');
    if (!acceptsChanges(application.status)) throw new PromoError(409, 'applicationLocked');
    const previous = await heldCode(tx, id);
    if (!previous) return;
    await tx
      .update(applications)
      .set({ promoCode: null, updatedAt: now })
      .where(eq(applications.id, id));
    await recordAuditEvent(tx, {
      applicationId: id,
      actorId: ownerId,
      action: 'promoCodeRemoved',
      details: { code: previous },
    });
  });
}

/** For operations: the accepted code and offer of any application. */
export const promoCodeOfApplication = acceptedOf;
