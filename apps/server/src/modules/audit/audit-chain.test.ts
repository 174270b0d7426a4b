import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditChain, auditEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { recordAuditEvent } from '../applications/applications.service.ts';
import { anchorAuditChain, readAnchorLog, type AnchorSettings } from './audit-anchor.ts';
import { chainAuditEvents, linkHash, verifyAuditChain } from './audit-chain.ts';

/**
 * The audit trail's hash chain (issue 36): rewritten by the tables' owner, as the attacker's
 * probe did (`ALTER TABLE ... DISABLE TRIGGER`, `session_replication_role = replica`), a row is
 * still named, even when every later hash in the database was recomputed to match.
 */

let test: TestApp;
let folder: string;
let anchor: AnchorSettings;
const applicationId = randomUUID();
const actorId = randomUUID();

beforeAll(async () => {
  test = await createTestApp();
  folder = await mkdtemp(path.join(tmpdir(), 'audit-anchor-'));
  anchor = { file: path.join(folder, 'audit-anchors.jsonl'), key: 'k'.repeat(40) };
  for (const [index, action] of [
    'created',
    'stepSaved',
    'submitted',
    'approved',
    'funded',
  ].entries()) {
    await recordAuditEvent(test.app.db, {
      applicationId,
      actorId,
      action,
      details: { step: index, note: 'Éloïse D’Arcy', nested: { b: 2, a: 1 } },
    });
  }
});

afterAll(async () => {
  await test?.close();
  await rm(folder, { recursive: true, force: true });
});

const verify = async () => verifyAuditChain(test.app.db, (await readAnchorLog(anchor)).hashes);

async function eventAt(position: number) {
  const [link] = await test.app.db
    .select()
    .from(auditChain)
    .where(eq(auditChain.position, position));
  return link!.eventId;
}

describe('the audit chain', () => {
  it('links every event once, copies the links outside the database, and verifies', async () => {
    // Other modules write audit events as the app starts (seeds); all of them are chained.
    const chained = await chainAuditEvents(test.app.db);
    expect(chained).toBeGreaterThanOrEqual(5);
    expect(await chainAuditEvents(test.app.db)).toBe(0);
    const head = await anchorAuditChain(test.app.db, anchor);
    expect(head).toBe(chained);
    // Anchoring again with nothing new appends nothing.
    const before = await readFile(anchor.file, 'utf8');
    await anchorAuditChain(test.app.db, anchor);
    expect(await readFile(anchor.file, 'utf8')).toBe(before);

    expect(await verify()).toEqual({
      links: chained,
      anchored: chained,
      pruned: 0,
      firstBroken: undefined,
    });
    expect((await readAnchorLog(anchor)).badMacs).toEqual([]);
  });

  it('is refused a change by the server’s own statements (the tables are append-only)', async () => {
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'changed',
        (error: unknown) => String((error as { cause?: Error }).cause?.message ?? error),
      );
    expect(
      await refusal(test.app.db.execute(sql`update audit_chain set hash = 'x' where position = 1`)),
    ).toMatch(/audit_chain is append-only/);
    expect(
      await refusal(
        test.app.db.execute(
          sql`update audit_events set action = 'x' where application_id = ${applicationId}`,
        ),
      ),
    ).toMatch(/audit_events is append-only/);
  });

  it('names an event the owner rewrote with the triggers off', async () => {
    const target = (
      await test.app.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.applicationId, applicationId))
        .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id))
    )[2]!;
    const [link] = await test.app.db
      .select()
      .from(auditChain)
      .where(eq(auditChain.eventId, target.id));
    await test.app.db.execute(sql`set session_replication_role = replica`);
    await test.app.db.execute(
      sql`update audit_events set details = '{"step": 2, "note": "nothing happened"}' where id = ${target.id}`,
    );
    await test.app.db.execute(sql`set session_replication_role = origin`);
    expect(await verify()).toMatchObject({
      firstBroken: { position: link!.position, eventId: target.id, reason: 'eventChanged' },
    });
  });

  it('still names it when every later hash in the database was recomputed to match', async () => {
    const links = await test.app.db
      .select({ link: auditChain, event: auditEvents })
      .from(auditChain)
      .innerJoin(auditEvents, eq(auditEvents.id, auditChain.eventId))
      .orderBy(asc(auditChain.position));
    const broken = (await verify()).firstBroken!;
    // The owner recomputes the chain from the rewritten row on, with the trigger off.
    await test.app.db.execute(sql`alter table audit_chain disable trigger audit_chain_append_only`);
    let prev = links[broken.position - 2]!.link.hash;
    for (const { link, event } of links.slice(broken.position - 1)) {
      const hash = linkHash(prev, event);
      await test.app.db
        .update(auditChain)
        .set({ prevHash: prev, hash })
        .where(eq(auditChain.position, link.position));
      prev = hash;
    }
    await test.app.db.execute(sql`alter table audit_chain enable trigger audit_chain_append_only`);
    // Without the copy outside, the database agrees with itself...
    expect(await verifyAuditChain(test.app.db, new Map())).toMatchObject({
      firstBroken: undefined,
    });
    // ...with it, the rewritten row is named.
    expect(await verify()).toMatchObject({
      firstBroken: {
        position: broken.position,
        eventId: broken.eventId,
        reason: 'differsFromAnchor',
      },
    });
    expect(await eventAt(broken.position)).toBe(broken.eventId);
  });

  it('names a link removed from the middle', async () => {
    await test.app.db.execute(sql`alter table audit_chain disable trigger audit_chain_append_only`);
    await test.app.db.delete(auditChain).where(eq(auditChain.position, 1));
    await test.app.db.execute(sql`alter table audit_chain enable trigger audit_chain_append_only`);
    expect((await verifyAuditChain(test.app.db, new Map())).firstBroken).toMatchObject({
      position: 2,
      reason: 'chainBroken',
    });
  });

  it('finds an anchor line edited without the key', async () => {
    const text = await readFile(anchor.file, 'utf8');
    const lines = text.trimEnd().split('\n');
    const last = JSON.parse(lines.at(-1)!) as { anchor: number; head: string };
    lines[lines.length - 1] = JSON.stringify({ ...last, head: 'f'.repeat(64) });
    await writeFile(anchor.file, `${lines.join('\n')}\n`);
    expect((await readAnchorLog(anchor)).badMacs).toEqual([last.anchor]);
  });
});
