// Run by scripts/bench-audit-chain.mjs with `node --import tsx`: times the audit chain's job
// (apps/server/src/modules/audit/audit-chain.ts) linking a batch of audit events already written,
// on a fresh embedded database or on the PostgreSQL database named by its argument, and prints
// one line of JSON: { events, ms }. The events are written first, outside the clock, as the
// saves would have written them; the clock covers only the chaining.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Loaded by computed path, as scripts/docs-config.mjs does: the server's TypeScript is run by
// tsx here, and type-checked in its own project rather than this one's.
const serverSource = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/src',
);
/** @param {string} file */
const load = (file) => import(pathToFileURL(path.join(serverSource, file)).href);
const { openDatabase } = await load('db/client.ts');
const { auditEvents } = await load('db/schema.ts');
const { chainAuditEvents } = await load('modules/audit/audit-chain.ts');

const [, , databaseUrl, countText = '5000'] = process.argv;
const count = Number(countText);
const dataDir =
  databaseUrl === 'pglite' ? mkdtempSync(path.join(os.tmpdir(), 'bench-chain-')) : null;
const handle = await openDatabase(
  dataDir ? { driver: 'pglite', dataDir } : { driver: 'postgres', url: String(databaseUrl) },
);
try {
  await handle.migrate();
  const applicationId = randomUUID();
  const actorId = randomUUID();
  for (let written = 0; written < count; written += 500) {
    const rows = Array.from({ length: Math.min(500, count - written) }, (_, i) => ({
      applicationId,
      actorId,
      action: 'stepSaved',
      fromStatus: 'in_progress',
      toStatus: 'in_progress',
      details: { step: 'goals', at: written + i },
    }));
    await handle.db.insert(auditEvents).values(rows);
  }
  const started = performance.now();
  let linked = 0;
  for (;;) {
    const batch = await chainAuditEvents(handle.db);
    if (batch === 0) break;
    linked += batch;
  }
  console.log(JSON.stringify({ events: linked, ms: performance.now() - started }));
} finally {
  await handle.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
