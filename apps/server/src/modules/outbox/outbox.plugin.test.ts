import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { enqueueTestMessage } from './outbox.fixtures.ts';
import * as repo from './outbox.repo.ts';

describe('the server runs the dispatcher', () => {
  it('polls from ready when pollMs > 0, and stops before the database closes', async () => {
    const test = await createTestApp({ mail: { pollMs: 20 } });
    try {
      await test.app.ready();
      const { id } = await enqueueTestMessage(test.app);
      // Awaited however long a busy machine takes to poll, not for a count of ticks.
      await vi.waitFor(
        async () =>
          expect(await repo.findMessage(test.app.db, id)).toMatchObject({
            status: 'sent',
            attempts: 1,
          }),
        { timeout: 20_000, interval: 20 },
      );
    } finally {
      // Closing must not hang on the poll timer nor leave a pass writing to a closed database.
      await test.close();
    }
  });

  it('does not poll when built without mail settings (tests call runOnce)', async () => {
    const test = await createTestApp();
    try {
      await test.app.ready();
      const { id } = await enqueueTestMessage(test.app);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await repo.findMessage(test.app.db, id)).toMatchObject({ status: 'pending' });
      expect(await test.app.outbox.runOnce()).toBe(1);
    } finally {
      await test.close();
    }
  });
});
