import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { afterResponse } from './after-response.ts';

describe('work after the response (B-F5)', () => {
  it('starts a task only once the answer has been sent in full; a failing one fails nothing else', async () => {
    const app = Fastify({ logger: false });
    await app.register(afterResponse);
    const seen: string[] = [];
    app.get('/', async (_request, reply) => {
      reply.raw.once('finish', () => seen.push('answer sent'));
      app.afterResponse.run(reply, async () => {
        seen.push('task');
      });
      app.afterResponse.run(reply, async () => {
        throw new Error('the work failed');
      });
      seen.push('answering');
      return reply.code(202).send({ sent: true });
    });
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(202);
    await app.afterResponse.settled();
    expect(seen).toEqual(['answering', 'answer sent', 'task']);
    await app.close();
  });

  it('lets the server close only once the work it promised is done', async () => {
    const app = Fastify({ logger: false });
    await app.register(afterResponse);
    let release!: () => void;
    let finished = false;
    app.get('/', async (_request, reply) => {
      app.afterResponse.run(reply, async () => {
        await new Promise<void>((resolve) => (release = resolve));
        finished = true;
      });
      return reply.send('ok');
    });
    await app.inject({ url: '/' });
    const closing = app.close();
    await Promise.resolve();
    expect(finished).toBe(false);
    release();
    await closing;
    expect(finished).toBe(true);
  });
});
