import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { readAnchorLog } from '../modules/audit/audit-anchor.ts';
import { verifyAuditChain } from '../modules/audit/audit-chain.ts';
import { runCli } from './run-cli.ts';

/**
 * `npm run audit:verify` (issue 36, ADR 0040): recomputes the audit chain from the audit events
 * on the configured database (DATABASE_URL, else the embedded one in DATA_DIR: stop the server
 * first), compares it with the chain and with the anchor log (AUDIT_ANCHOR_FILE), checks the log's
 * MACs (AUDIT_ANCHOR_KEY), and names the first broken link; an event `npm run audit:prune`
 * deleted passes on its link's anchored hash. Exits 0 when everything agrees, 1
 * when something does not, 2 when it cannot run. Reads only: it writes nothing anywhere.
 */

const reasons = {
  eventChanged: 'the event no longer gives the hash its link holds: the row was changed',
  differsFromAnchor:
    'the link and the event agree, but not with the anchor log: the row and the later hashes were rewritten',
  chainBroken:
    'the link does not follow the one before it: a link was removed, reordered or forged',
  eventMissing:
    'the event the link names is not there any more, and no prune record of the anchor log says it was pruned',
} as const;

async function main(): Promise<number> {
  const config = loadConfig();
  const anchor = config.auditAnchor!;
  const log = await readAnchorLog({
    file: anchor.file,
    ...(anchor.key && { key: anchor.key }),
  });
  const database = await openDatabase(config.database);
  try {
    const result = await verifyAuditChain(database.db, log.hashes, log.pruned);
    const lines = [
      `audit chain: ${result.links} links checked, ${result.anchored} of them vouched for by ${anchor.file}`,
    ];
    if (result.pruned > 0) {
      lines.push(
        `${result.pruned} of them link audit events pruned past retention (npm run audit:prune): their anchored hash stands for the event`,
      );
    }
    if (log.badMacs.length > 0) {
      lines.push(
        `anchor log: ${log.badMacs.length} anchor or prune line(s) whose MAC does not match AUDIT_ANCHOR_KEY, first at position ${log.badMacs[0]}`,
      );
    }
    if (log.lastPosition > result.links && !result.firstBroken) {
      lines.push(
        `anchor log: it holds links up to position ${log.lastPosition}, the database only ${result.links}: links were removed`,
      );
    }
    if (result.firstBroken) {
      const { position, eventId, reason } = result.firstBroken;
      lines.push(
        `first broken link: position ${position}, audit event ${eventId}: ${reasons[reason]}`,
      );
    }
    const ok = !result.firstBroken && log.badMacs.length === 0 && log.lastPosition <= result.links;
    lines.push(ok ? 'verified: the audit trail is intact' : 'NOT VERIFIED');
    (ok ? process.stdout : process.stderr).write(`${lines.join('\n')}\n`);
    return ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

runCli(main);
