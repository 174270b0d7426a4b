import { loadConfig, type DatabaseConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { pruneAuditEvents } from '../modules/audit/audit-prune.ts';
import { runCli } from './run-cli.ts';

/**
 * `npm run audit:prune` (issue 36, ADR 0040 and 0044): deletes the audit events past
 * RETENTION_AUDIT_EVENTS_YEARS (of accounts closed and not held, or of no application), as the
 * tables' owner: MIGRATION_DATABASE_URL, else DATABASE_URL, else the embedded database in
 * DATA_DIR (stop the server first). Records what it deletes in the anchor log
 * (AUDIT_ANCHOR_FILE, signed with AUDIT_ANCHOR_KEY) first, so `npm run audit:verify` still
 * passes after it. Exits 0 when done, 2 when it cannot run.
 */

/** The owner's connection: the runtime role may not switch off the append-only trigger. */
function asOwner(database: DatabaseConfig): DatabaseConfig {
  if (database.driver !== 'postgres') return database;
  return { driver: 'postgres', url: database.migrationUrl ?? database.url };
}

async function main(): Promise<number> {
  const config = loadConfig();
  const anchor = config.auditAnchor!;
  const retention = config.retention!;
  const database = await openDatabase(asOwner(config.database));
  try {
    const result = await pruneAuditEvents(database.db, {
      years: retention.periods.auditEvents,
      batchSize: retention.batchSize,
      anchor: { file: anchor.file, ...(anchor.key && { key: anchor.key }) },
    });
    const recorded = result.pruned > 0 ? `, their links recorded as pruned in ${anchor.file}` : '';
    process.stdout.write(
      `audit prune: ${result.pruned} audit event(s) past RETENTION_AUDIT_EVENTS_YEARS ` +
        `(${retention.periods.auditEvents}) deleted in ${result.batches} batch(es)${recorded}; ` +
        `the chain is anchored to position ${result.anchoredTo}\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main);
