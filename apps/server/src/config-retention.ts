import type { RetentionPeriods } from '@portal/domain/retention/retention-rules';
import type { Environment } from './config-variables.ts';

/** The retention sweeps' settings (issue 36, ADR 0044), from config-retention-variables.ts. */
export interface RetentionSettings {
  /** Years per record class. */
  periods: RetentionPeriods;
  abandonedAfterDays: number;
  reminderDaysBefore: number;
  pollMs: number;
  batchSize: number;
}

export function retentionSettingsOf(env: Environment): RetentionSettings {
  return {
    periods: {
      identityRecord: env.RETENTION_IDENTITY_RECORD_YEARS,
      accountAgreement: env.RETENTION_ACCOUNT_AGREEMENT_YEARS,
      padAgreement: env.RETENTION_PAD_AGREEMENT_YEARS,
      paymentFiles: env.RETENTION_PAYMENT_FILES_YEARS,
      auditEvents: env.RETENTION_AUDIT_EVENTS_YEARS,
    },
    abandonedAfterDays: env.ABANDONED_APPLICATION_DAYS,
    reminderDaysBefore: env.ABANDONED_APPLICATION_REMINDER_DAYS,
    pollMs: env.RETENTION_POLL_MS,
    batchSize: env.RETENTION_BATCH_SIZE,
  };
}
