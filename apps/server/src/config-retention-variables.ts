import {
  CIRO_RETENTION_YEARS_UNCONFIRMED,
  DEFAULT_ABANDONED_AFTER_DAYS,
  DEFAULT_ABANDONED_REMINDER_DAYS_BEFORE,
  DEFAULT_RETENTION_YEARS,
  FINTRAC_RETENTION_YEARS,
} from '@portal/domain/retention/retention-rules';
import { z } from 'zod';
import type { VariableDefinition } from './config-variables.ts';

/**
 * Retention (issue 36, ADR 0044): how long each record class is kept after the later of its
 * creation and the account's closure, when abandoned applications are deleted, and the sweep's
 * pace. The rules live in packages/domain (retention/retention-rules.ts); config-retention.ts
 * builds the settings.
 */

function years(what: string) {
  return {
    group: 'data',
    schema: z.coerce.number().int().min(1).max(100).default(DEFAULT_RETENTION_YEARS),
    description:
      `how many years ${what} are kept after the later of their creation and the account's ` +
      `closure (never while the account is open or under a legal hold). The default is the ` +
      `longer of FINTRAC's ${FINTRAC_RETENTION_YEARS} years and CIRO's ` +
      `${CIRO_RETENTION_YEARS_UNCONFIRMED} (UNCONFIRMED: ADR 0044)`,
  } satisfies VariableDefinition;
}

export const retentionVariables = {
  RETENTION_IDENTITY_RECORD_YEARS: years('FINTRAC identity verification records'),
  RETENTION_ACCOUNT_AGREEMENT_YEARS: years(
    'signed account agreements and the documents uploaded with the application',
  ),
  RETENTION_PAD_AGREEMENT_YEARS: years('PAD agreements'),
  RETENTION_PAYMENT_FILES_YEARS: years('payment files, their items and return files'),
  RETENTION_AUDIT_EVENTS_YEARS: {
    ...years('audit events'),
    description:
      'how many years audit events are kept; the server never deletes them itself (the trail ' +
      'is append-only and hash-chained, ADR 0040 and 0041): the sweep counts what is past it, ' +
      "and `npm run audit:prune`, run as the tables' owner, deletes it and records the pruned " +
      `links in the anchor log. Default ${DEFAULT_RETENTION_YEARS} (UNCONFIRMED: ADR 0044)`,
  },
  ABANDONED_APPLICATION_DAYS: {
    group: 'data',
    schema: z.coerce.number().int().min(1).max(3650).default(DEFAULT_ABANDONED_AFTER_DAYS),
    description:
      'an application nobody has signed and nobody changed for this many days is deleted with ' +
      'its documents, here and at the vendors (unless under a legal hold)',
  },
  ABANDONED_APPLICATION_REMINDER_DAYS: {
    group: 'data',
    schema: z.coerce.number().int().min(1).max(365).default(DEFAULT_ABANDONED_REMINDER_DAYS_BEFORE),
    description:
      'how many days before that deletion the applicant is mailed a reminder in their ' +
      'language; the deletion never comes sooner than this after the reminder',
  },
  RETENTION_POLL_MS: {
    group: 'data',
    schema: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
    description:
      'how often each instance runs the retention and abandoned-application sweeps; `0` turns ' +
      'them off',
  },
  RETENTION_BATCH_SIZE: {
    group: 'data',
    schema: z.coerce.number().int().min(1).max(10_000).default(100),
    description: 'how many records one batch of the sweeps deletes in one transaction',
  },
} satisfies Record<string, VariableDefinition>;
