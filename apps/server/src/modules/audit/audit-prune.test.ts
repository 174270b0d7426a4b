import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import {
  applicationRetention,
  applications,
  auditChain,
  auditEvents,
  users,
} from '../../db/schema.ts';
import { createTestApp, testConfig, type TestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { recordAuditEvent } from '../applications/applications.service.ts';
import { createRetentionSweep } from '../retention/retention-sweep.ts';
import { defaultRetentionSettings } from '../retention/retention.job.ts';
import { readAnchorLog, type AnchorSettings } from './audit-anchor.ts';
import { linkHash, verifyAuditChain } from './audit-chain.ts';
import { AUDIT_EVENTS_PRUNED, pruneAuditEvents } from './audit-prune.ts';

/**
 * `npm run audit:prune` (issue 36): the owner deletes the audit events past their period, only
 * those of accounts closed and not held, and the chain still verifies; an event deleted any
 * other way is still named.
 */

const silentLog = { warn: () => undefined };
const EVENTS_AT = new Date('2026-01-02T12:00:00Z');
const CLOSED_AT = new Date('2026-01-01T05:00:00Z');
/** Seven years after 2033: everything of 2026 is past the default period. */
const NOW = new Date('2040-06-01T12:00:00Z');

let test: TestApp;
let folder: string;
let anchor: AnchorSettings;
const prune = (batchSize = 3) =>
  pruneAuditEvents(test.app.db, { years: 7, batchSize, anchor }, NOW);

async function verify() {
  const log = await readAnchorLog(anchor);
  return verifyAuditChain(test.app.db, log.hashes, log.pruned);
}

/** An application whose account is closed (`held`: under a legal hold) or still open. */
async function applicationWithEvents(ownerId: string, account: 'closed' | 'held' | 'open') {
  const id = randomUUID();
  await test.app.db.insert(applications).values({ id, ownerId, status: 'approved' });
  if (account !== 'open') {
    await test.app.db.insert(applicationRetention).values({
      applicationId: id,
      accountClosedAt: CLOSED_AT,
      legalHold: account === 'held',
    });
  }
  for (const action of ['submitted', 'approved', 'funded']) {
    await recordAuditEvent(test.app.db, {
      applicationId: id,
      actorId: ownerId,
      action,
      details: { note: 'Éloïse D’Arcy' },
      createdAt: EVENTS_AT,
    });
  }
  return id;
}

async function eventIdsOf(applicationId: string) {
  const rows = await test.app.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(eq(auditEvents.applicationId, applicationId));
  return rows.map((row) => row.id);
}

/** As the attacker's probe did: the owner switches the trigger off by hand. */
async function withTriggerOff(table: 'audit_events' | 'audit_chain', change: () => Promise<void>) {
  const trigger = sql.identifier(`${table}_append_only`);
  await test.app.db.execute(sql`alter table ${sql.identifier(table)} disable trigger ${trigger}`);
  await change();
  await test.app.db.execute(sql`alter table ${sql.identifier(table)} enable trigger ${trigger}`);
}

describe('pruning the audit events past retention', () => {
  let closed: string;
  let held: string;
  let open: string;
  let closedEvents: string[];
  let prunedCount = 0;

  beforeAll(async () => {
    test = await createTestApp({ logLevel: 'error' });
    folder = await mkdtemp(path.join(tmpdir(), 'audit-prune-'));
    anchor = { file: path.join(folder, 'audit-anchors.jsonl'), key: 'k'.repeat(40) };
    const owner = await signedInUser(test.app, 'prune');
    const [user] = await test.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, owner.email.toLowerCase()));
    closed = await applicationWithEvents(user!.id, 'closed');
    held = await applicationWithEvents(user!.id, 'held');
    open = await applicationWithEvents(user!.id, 'open');
    closedEvents = await eventIdsOf(closed);
  });

  afterAll(async () => {
    await test?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('deletes what the retention sweep counts, the closed and released account’s events, and keeps the others', async () => {
    const sweep = createRetentionSweep(
      { db: test.app.db, log: silentLog },
      { periods: defaultRetentionSettings.periods, batchSize: 100 },
    );
    const counted = (await sweep(NOW)).auditEventsPastRetention;
    expect(counted).toBeGreaterThanOrEqual(closedEvents.length);

    const result = await prune(3);
    prunedCount = result.pruned;
    expect(result.pruned).toBe(counted);
    expect(result.batches).toBe(Math.ceil(counted / 3));
    expect(await eventIdsOf(closed)).toEqual([]);
    expect(await eventIdsOf(held)).toHaveLength(3);
    expect(await eventIdsOf(open)).toHaveLength(3);
    // The links stay: their hashes carry the chain past the events that went.
    const links = await test.app.db
      .select({ eventId: auditChain.eventId })
      .from(auditChain)
      .where(inArray(auditChain.eventId, closedEvents));
    expect(links).toHaveLength(3);
    // Nothing is left to prune: the prune's own events are within their period.
    expect((await sweep(NOW)).auditEventsPastRetention).toBe(0);
    expect((await prune()).pruned).toBe(0);
  });

  it('leaves events that say what went, without personal data, chained and anchored', async () => {
    const events = await test.app.db
      .select({ id: auditEvents.id, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.action, AUDIT_EVENTS_PRUNED))
      .orderBy(asc(auditEvents.createdAt));
    expect(events.length).toBeGreaterThanOrEqual(1);
    const counts = events.map((event) => (event.details as { count: number }).count);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(3);
    for (const event of events) {
      expect(Object.keys(event.details as object).sort()).toEqual([
        'count',
        'cutoff',
        'positions',
        'recordClass',
      ]);
      expect(JSON.stringify(event.details)).not.toMatch(/Éloïse|@/);
    }
    const chained = await test.app.db
      .select({ position: auditChain.position })
      .from(auditChain)
      .where(
        inArray(
          auditChain.eventId,
          events.map((event) => event.id),
        ),
      );
    expect(chained).toHaveLength(events.length);
    const log = await readAnchorLog(anchor);
    for (const { position } of chained) expect(log.hashes.has(position)).toBe(true);
    expect(await readFile(anchor.file, 'utf8')).not.toMatch(/Éloïse/);
  });

  it('verifies after the prune, on the signed prune records of the anchor log', async () => {
    const result = await verify();
    expect(result.firstBroken).toBeUndefined();
    expect(result.pruned).toBe(prunedCount);
    expect(result.anchored).toBe(result.links);
    expect((await readAnchorLog(anchor)).badMacs).toEqual([]);
    // Without those records the same chain has events missing.
    expect(
      (await verifyAuditChain(test.app.db, (await readAnchorLog(anchor)).hashes)).firstBroken,
    ).toMatchObject({ reason: 'eventMissing' });
    // A prune record read with another key vouches for nothing.
    const forged = await readAnchorLog({ ...anchor, key: 'x'.repeat(40) });
    expect(forged.pruned.size).toBe(0);
    expect(forged.badMacs.length).toBeGreaterThan(0);
  });

  it('still names a pruned position whose link was changed, later hashes recomputed', async () => {
    const links = await test.app.db.select().from(auditChain).orderBy(asc(auditChain.position));
    const target = links.find((link) => link.eventId === closedEvents[1])!;
    const events = new Map(
      (await test.app.db.select().from(auditEvents)).map((event) => [event.id, event]),
    );
    await withTriggerOff('audit_chain', async () => {
      let prev = 'f'.repeat(64);
      await test.app.db
        .update(auditChain)
        .set({ hash: prev })
        .where(eq(auditChain.position, target.position));
      for (const link of links.slice(target.position)) {
        const event = events.get(link.eventId);
        const hash = event ? linkHash(prev, event) : link.hash;
        await test.app.db
          .update(auditChain)
          .set({ prevHash: prev, hash })
          .where(eq(auditChain.position, link.position));
        prev = hash;
      }
    });
    expect((await verify()).firstBroken).toEqual({
      position: target.position,
      eventId: target.eventId,
      reason: 'differsFromAnchor',
    });
    // Put back as it was, for the next test.
    await withTriggerOff('audit_chain', async () => {
      for (const link of links.slice(target.position - 1)) {
        await test.app.db
          .update(auditChain)
          .set({ prevHash: link.prevHash, hash: link.hash })
          .where(eq(auditChain.position, link.position));
      }
    });
    expect((await verify()).firstBroken).toBeUndefined();
  });

  it('names an event the owner deleted by hand, without the prune', async () => {
    const [victim] = await eventIdsOf(open);
    const [link] = await test.app.db
      .select({ position: auditChain.position })
      .from(auditChain)
      .where(eq(auditChain.eventId, victim!));
    await withTriggerOff('audit_events', async () => {
      await test.app.db.delete(auditEvents).where(eq(auditEvents.id, victim!));
    });
    expect((await verify()).firstBroken).toEqual({
      position: link!.position,
      eventId: victim,
      reason: 'eventMissing',
    });
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the prune as the runtime role (PostgreSQL)', () => {
  const suffix = randomBytes(4).toString('hex');
  const ownerRole = `prune_owner_${suffix}`;
  const runtimeRole = `prune_runtime_${suffix}`;
  const database = `prune_roles_${suffix}`;
  let app: FastifyInstance;
  let rolesFolder: string;

  const urlOf = (role: string | undefined, name: string) => {
    const url = new URL(serverUrl!);
    if (role) url.username = role;
    url.pathname = `/${name}`;
    return url.toString();
  };
  async function run(url: string, statements: string[]) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  }
  const serverDatabase = () => new URL(serverUrl!).pathname.slice(1) || 'postgres';

  beforeAll(async () => {
    rolesFolder = await mkdtemp(path.join(tmpdir(), 'audit-prune-roles-'));
    await run(urlOf(undefined, serverDatabase()), [
      `CREATE ROLE ${ownerRole} LOGIN`,
      `CREATE ROLE ${runtimeRole} LOGIN`,
      `CREATE DATABASE ${database} OWNER ${ownerRole}`,
    ]);
    // As docs/operations.md's "Database roles" has it (database-roles.test.ts runs that block).
    await run(urlOf(undefined, database), [
      `ALTER SCHEMA public OWNER TO ${ownerRole}`,
      `GRANT USAGE ON SCHEMA public TO ${runtimeRole}`,
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${ownerRole} IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${runtimeRole}`,
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${ownerRole} IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${runtimeRole}`,
    ]);
    app = await buildApp(
      testConfig(
        {
          driver: 'postgres',
          url: urlOf(runtimeRole, database),
          migrationUrl: urlOf(ownerRole, database),
        },
        {},
      ),
    );
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await rm(rolesFolder, { recursive: true, force: true });
    await run(urlOf(undefined, serverDatabase()), [
      `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`,
      `DROP ROLE IF EXISTS ${runtimeRole}`,
      `DROP ROLE IF EXISTS ${ownerRole}`,
    ]);
  });

  it('is refused the deletion, and records no prune', async () => {
    const applicationId = randomUUID();
    await recordAuditEvent(app.db, {
      applicationId,
      actorId: randomUUID(),
      action: 'probe',
      createdAt: EVENTS_AT,
    });
    const rolesAnchor = { file: path.join(rolesFolder, 'anchors.jsonl') };
    const refused = await pruneAuditEvents(
      app.db,
      { years: 7, batchSize: 10, anchor: rolesAnchor },
      NOW,
    ).then(
      () => 'pruned',
      (error: unknown) => String((error as { cause?: Error }).cause?.message ?? error),
    );
    expect(refused).toMatch(/must be owner/);
    const kept = await app.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.applicationId, applicationId));
    expect(kept).toHaveLength(1);
    expect((await readAnchorLog(rolesAnchor)).pruned.size).toBe(0);

    // The owner may: the same prune on the owner's connection deletes it.
    const owner = new pg.Pool({ connectionString: urlOf(ownerRole, database), max: 1 });
    try {
      const result = await pruneAuditEvents(
        drizzlePostgres(owner),
        { years: 7, batchSize: 10, anchor: rolesAnchor },
        NOW,
      );
      expect(result.pruned).toBeGreaterThanOrEqual(1);
    } finally {
      await owner.end();
    }
    expect(
      await app.db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(eq(auditEvents.applicationId, applicationId)),
    ).toEqual([]);
  });
});
