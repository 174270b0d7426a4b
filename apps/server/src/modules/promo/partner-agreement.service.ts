import { acceptsChanges } from '@portal/domain';
import type { PartnerAgreement } from '@portal/domain/promo/partners-api';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { applications } from '../../db/schema.ts';
import { findOwnedApplication, recordAuditEvent } from '../applications/applications.service.ts';
import { PromoError } from './promo.service.ts';

async function agreementOf(db: Database, id: string): Promise<PartnerAgreement | null> {
  const [row] = await db
    .select({ partnerAgreement: applications.partnerAgreement })
    .from(applications)
    .where(eq(applications.id, id));
  return row?.partnerAgreement ?? null;
}

/**
 * Records that the owner accepted the agreement of `partner` (read by the routes from the
 * request's skin cookies) on their application, with its audit event. The first acceptance
 * stands: accepting again answers it unchanged, so a later cookie never rewrites the record.
 */
export async function acceptPartnerAgreement(
  db: Database,
  ownerId: string,
  id: string,
  partner: Omit<PartnerAgreement, 'acceptedAt'> | undefined,
  now = new Date(),
): Promise<PartnerAgreement> {
  return db.transaction(async (tx) => {
    const application = await findOwnedApplication(tx, ownerId, id, { lock: true });
    if (!application) throw new PromoError(404, 'notFound');
    const existing = await agreementOf(tx, id);
    if (existing) return existing;
    if (!acceptsChanges(application.status)) throw new PromoError(409, 'applicationLocked');
    if (!partner) throw new PromoError(400, 'noPartner');
    const agreement: PartnerAgreement = { ...partner, acceptedAt: now.toISOString() };
    await tx
      .update(applications)
      .set({ partnerAgreement: agreement, updatedAt: now })
      .where(eq(applications.id, id));
    await recordAuditEvent(tx, {
      applicationId: id,
      actorId: ownerId,
      action: 'partnerAgreementAccepted',
      details: { skin: agreement.skin, name: agreement.name },
    });
    return agreement;
  });
}

/** The owner's read of the agreement recorded (null when none); anyone else 404. */
export async function partnerAgreementOf(
  db: Database,
  ownerId: string,
  id: string,
): Promise<PartnerAgreement | null> {
  if (!(await findOwnedApplication(db, ownerId, id))) throw new PromoError(404, 'notFound');
  return agreementOf(db, id);
}

/** For operations: the agreement of any application. */
export const partnerAgreementOfApplication = agreementOf;
