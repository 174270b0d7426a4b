import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { recordAuditEvent } from '../modules/applications/applications.service.ts';
import { testConfig } from '../test/test-app.ts';

/**
 * The server as a role that owns nothing (issue 36, ADR 0041), set up by the very SQL of
 * docs/operations.md ("Database roles"): the owner migrates, the runtime role works, and the
 * probe's two ways of rewriting the audit trail are refused to it. PostgreSQL only.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const suffix = randomBytes(4).toString('hex');
const owner = `portal_owner_${suffix}`;
const runtime = `portal_runtime_${suffix}`;
const database = `portal_roles_${suffix}`;

const docsPath = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/operations.md',
);

/** The SQL block of the docs' "Database roles" section, with this test's names. */
async function docsRoleSql(): Promise<{ asServer: string[]; inDatabase: string[] }> {
  const text = await readFile(docsPath, 'utf8');
  const section = text.slice(text.indexOf('## Database roles'));
  const block = /```sql\n([\s\S]*?)```/.exec(section)![1]!;
  const named = block
    .replaceAll('portal_owner', owner)
    .replaceAll('portal_runtime', runtime)
    .replace(/CREATE DATABASE portal /, `CREATE DATABASE ${database} `)
    .replace(/\\connect portal\n/, '\\connect\n');
  const [asServer, inDatabase] = named.split('\\connect\n') as [string, string];
  const statements = (part: string) =>
    part
      .split(';')
      .map((statement) => statement.trim())
      .filter(Boolean);
  return { asServer: statements(asServer), inDatabase: statements(inDatabase) };
}

function urlAs(role: string, databaseName: string): string {
  const url = new URL(serverUrl!);
  url.username = role;
  url.password = '';
  url.pathname = `/${databaseName}`;
  return url.toString();
}

async function asSuperuser(databaseName: string, statements: string[]) {
  const url = new URL(serverUrl!);
  url.pathname = `/${databaseName}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The message a statement is refused with, or 'done'. */
const refusal = (statement: Promise<unknown>) =>
  statement.then(
    () => 'done',
    (error: unknown) => String((error as { cause?: Error }).cause?.message ?? error),
  );

describe.skipIf(!serverUrl)('the server as a role that owns nothing (PostgreSQL)', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const { asServer, inDatabase } = await docsRoleSql();
    const serverDatabase = new URL(serverUrl!).pathname.slice(1) || 'postgres';
    await asSuperuser(serverDatabase, asServer);
    await asSuperuser(database, inDatabase);
    app = await buildApp(
      testConfig(
        {
          driver: 'postgres',
          url: urlAs(runtime, database),
          migrationUrl: urlAs(owner, database),
        },
        {},
      ),
    );
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    const serverDatabase = new URL(serverUrl!).pathname.slice(1) || 'postgres';
    await asSuperuser(serverDatabase, [
      `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`,
      `DROP ROLE IF EXISTS ${runtime}`,
      `DROP ROLE IF EXISTS ${owner}`,
    ]);
  });

  it('migrates as the owner, then works as the runtime role, which owns no table', async () => {
    const result = (await app.db.execute(
      sql`select current_user as me, count(*)::int as owned from pg_tables where tableowner = current_user`,
    )) as unknown as { rows: { me: string; owned: number }[] };
    expect(result.rows[0]).toEqual({ me: runtime, owned: 0 });
    const ready = await app.inject({ method: 'GET', url: '/healthz/ready' });
    expect(ready.json()).toMatchObject({ status: 'ready', migrations: 'current' });
    await recordAuditEvent(app.db, {
      applicationId: '00000000-0000-4000-8000-000000000001',
      actorId: '00000000-0000-4000-8000-000000000002',
      action: 'probe',
    });
  });

  it('refuses the runtime role both of the probe’s rewrites, and any change to the trail', async () => {
    expect(await refusal(app.db.execute(sql`set session_replication_role = replica`))).toMatch(
      /permission denied/,
    );
    expect(
      await refusal(
        app.db.execute(sql`alter table audit_events disable trigger audit_events_append_only`),
      ),
    ).toMatch(/must be owner/);
    for (const table of ['audit_events', 'audit_chain', 'ledger_journals', 'ledger_lines']) {
      expect(
        await refusal(app.db.execute(sql`delete from ${sql.identifier(table)}`)),
        table,
      ).toMatch(/permission denied/);
    }
    expect(
      await refusal(app.db.execute(sql`update audit_events set action = 'rewritten'`)),
    ).toMatch(/permission denied/);
  });
});
