import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isIsoDate } from '@portal/domain/calendar/iso-date';
import { addBusinessDays } from '@portal/domain/calendar/payments-calendar';
import { z } from 'zod';
import type { SettlementJob } from '../../modules/funding/settlement.job.ts';
import { sandboxBankClockOf, setSandboxBankToday } from './bank-clock.ts';

export interface SandboxBankRoutesOptions {
  /** Run once after each change of the clock, so the answer comes after what it caused. */
  settlement: () => SettlementJob;
}

const clockBody = z.union([
  z.object({
    today: z.string().refine(isIsoDate, 'invalidDate').nullable(),
  }),
  z.object({ advanceBusinessDays: z.number().int().min(1).max(60) }),
]);

/**
 * The sandbox bank's clock (docs/sandbox.md), sandbox mode only, without sign-in like the
 * other /sandbox pages: `GET` answers `{ today }`; `POST { today: 'YYYY-MM-DD' }` sets it,
 * `{ today: null }` goes back to the real date, `{ advanceBusinessDays: n }` moves it n
 * business days on; the settlement job then runs once and the answer waits for it.
 */
export const sandboxBankRoutes: FastifyPluginAsyncZod<SandboxBankRoutesOptions> = async (
  app,
  options,
) => {
  const clock = sandboxBankClockOf(app.db);
  const tags = ['sandbox'];

  app.get(
    '/clock',
    { schema: { tags, summary: 'The sandbox bank’s date: { today }' } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { today: await clock.today() };
    },
  );

  app.post(
    '/clock',
    {
      schema: {
        tags,
        summary: 'Sets or advances the sandbox bank’s date, then settles what became due',
        description:
          '{ today: YYYY-MM-DD | null } or { advanceBusinessDays: 1..60 } -> { today, changed } ' +
          '(changed: what the settlement pass moved).',
        body: clockBody,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const body = request.body;
      const today =
        'advanceBusinessDays' in body
          ? addBusinessDays(await clock.today(), body.advanceBusinessDays)
          : body.today;
      await setSandboxBankToday(app.db, today);
      const pass = await options.settlement().runOnce();
      return { today: pass.today, changed: pass.changed };
    },
  );
};
