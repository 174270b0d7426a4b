import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import { openDatabase, type DatabaseHandle, type Listener } from './client.ts';

// The embedded database delivers notifications with the statement that commits them: its sync
// has nothing to wait for.
describe.skipIf(!process.env.TEST_DATABASE_URL)('listening on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let listener: Listener;
  const heard: string[] = [];
  /** The listener's own client is a plain pg.Client: its queries pass through the prototype. */
  const queries = vi.spyOn(pg.Client.prototype, 'query');
  const syncRoundTrips = () => queries.mock.calls.filter(([text]) => text === 'SELECT 1').length;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    handle = await openDatabase(database.config);
    const listening = handle.listen;
    if (!listening) throw new Error('a PostgreSQL handle listens');
    listener = await listening('listen_probe', {
      onPayload: (payload) => heard.push(payload),
      onListening: () => {},
    });
  });
  afterAll(async () => {
    queries.mockRestore();
    await listener?.stop();
    await handle?.close();
    await drop?.();
  });

  const notify = (payload: string) =>
    handle.db.execute(sql`select pg_notify('listen_probe', ${payload})`);

  it('hears, by the end of a sync, what was committed before the sync was asked', async () => {
    await notify('before');
    await listener.sync();
    expect(heard).toContain('before');
  });

  it('serves many callers at once with one round trip, sent after they asked', async () => {
    const onItsWay = listener.sync();
    await notify('while-one-is-on-its-way');
    const before = syncRoundTrips();
    // Asked after the notification committed, while another round trip is on its way: they
    // share the next one, and each hears it.
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        await listener.sync();
        expect(heard).toContain('while-one-is-on-its-way');
      }),
    );
    await onItsWay;
    expect(syncRoundTrips() - before).toBe(1);
  });
});
