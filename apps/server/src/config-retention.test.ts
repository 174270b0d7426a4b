import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { configRefusalOf as refusalOf } from './test/config-refusal.ts';

/** Retention's configuration (issue 36, ADR 0044). */
describe('loadConfig: RETENTION_* and ABANDONED_APPLICATION_*', () => {
  it('keeps every class 7 years (the longer of FINTRAC and CIRO), abandoned applications 180 days', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/portal-data' }).retention).toEqual({
      periods: {
        identityRecord: 7,
        accountAgreement: 7,
        padAgreement: 7,
        paymentFiles: 7,
        auditEvents: 7,
      },
      abandonedAfterDays: 180,
      reminderDaysBefore: 14,
      pollMs: 3_600_000,
      batchSize: 100,
    });
  });

  it('takes each period and the abandoned-application days from their variables', () => {
    const config = loadConfig({
      RETENTION_IDENTITY_RECORD_YEARS: '5',
      RETENTION_PAD_AGREEMENT_YEARS: '10',
      ABANDONED_APPLICATION_DAYS: '90',
      ABANDONED_APPLICATION_REMINDER_DAYS: '7',
      RETENTION_POLL_MS: '0',
    });
    expect(config.retention).toMatchObject({
      periods: { identityRecord: 5, padAgreement: 10, accountAgreement: 7 },
      abandonedAfterDays: 90,
      reminderDaysBefore: 7,
      pollMs: 0,
    });
  });

  it('refuses a period of no years', () => {
    expect(refusalOf({ RETENTION_PAYMENT_FILES_YEARS: '0' })).toContain(
      'RETENTION_PAYMENT_FILES_YEARS',
    );
  });
});
