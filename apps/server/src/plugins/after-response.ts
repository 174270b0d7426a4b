import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work a route does once its answer has left (see `AfterResponse`). */
    afterResponse: AfterResponse;
  }
}

export interface AfterResponse {
  /**
   * Runs `task` once `reply` has been sent in full (or the client went away), so that nothing
   * the task does, or skips, changes how long the answer took: forgot-password answers alike
   * for a known and an unknown address (B-F5). A failure is logged, never answered.
   */
  run(reply: FastifyReply, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has ended (the tests; shutdown waits for it). */
  settled(): Promise<void>;
}

export function createAfterResponse(log: FastifyBaseLogger): AfterResponse {
  const pending = new Set<Promise<void>>();
  return {
    run(reply, task) {
      const done = new Promise<void>((resolve) => {
        const start = () => {
          task().then(
            () => resolve(),
            (error: unknown) => {
              log.error({ err: error }, 'work after the response failed');
              resolve();
            },
          );
        };
        // Either event may come first; the task runs once.
        let started = false;
        const once = () => {
          if (started) return;
          started = true;
          start();
        };
        if (reply.raw.writableFinished) once();
        reply.raw.once('finish', once);
        reply.raw.once('close', once);
      });
      pending.add(done);
      void done.then(() => pending.delete(done));
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

async function afterResponsePlugin(app: FastifyInstance) {
  const afterResponse = createAfterResponse(app.log.child({ module: 'after-response' }));
  app.decorate('afterResponse', afterResponse);
  // Before the database closes (onClose): what the answers promised is done first.
  app.addHook('preClose', () => afterResponse.settled());
}

export const afterResponse = fp(afterResponsePlugin, { name: 'after-response' });
