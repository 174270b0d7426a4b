import type { Database } from '../../db/client.ts';
import { recordAuditEvent } from '../applications/applications.service.ts';

/**
 * The audit events the sweeps leave (issue 36, ADR 0044): ids and the record class only, never
 * a name, an address, a number or a reason, since the record they speak of is gone.
 */

/** The actor of what the sweeps do: no person, the retention job itself. */
export const RETENTION_ACTOR_ID = '00000000-0000-0000-0000-000000000000';
/** Records that belong to no one application (a payment file spans many accounts). */
export const NO_APPLICATION_ID = '00000000-0000-0000-0000-000000000000';

export const RECORD_DELETED = 'retentionRecordDeleted';
export const ABANDONED_APPLICATION_DELETED = 'abandonedApplicationDeleted';
export const ABANDONED_APPLICATION_REMINDED = 'abandonedApplicationReminded';

/** The sweeps' classes: the five of the domain, and an abandoned application as a whole. */
export type SweptRecordClass =
  | 'identityRecord'
  | 'accountAgreement'
  | 'applicationDocument'
  | 'padAgreement'
  | 'paymentFile'
  | 'paymentReturnFile'
  | 'abandonedApplication';

export async function recordDeletion(
  tx: Database,
  event: {
    action: typeof RECORD_DELETED | typeof ABANDONED_APPLICATION_DELETED;
    applicationId: string | null;
    recordClass: SweptRecordClass;
    recordIds: readonly string[];
    fromStatus?: string;
    at: Date;
  },
): Promise<void> {
  await recordAuditEvent(tx, {
    applicationId: event.applicationId ?? NO_APPLICATION_ID,
    actorId: RETENTION_ACTOR_ID,
    action: event.action,
    ...(event.fromStatus && { fromStatus: event.fromStatus }),
    details: { recordClass: event.recordClass, recordIds: [...event.recordIds] },
    createdAt: event.at,
  });
}
