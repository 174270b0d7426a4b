import { investorInputSchema, sendInvitationBodySchema } from '@portal/domain/express/express-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import {
  addInvestor,
  getInvestor,
  listInvitations,
  searchInvestors,
  sendInvitation,
  updateInvestor,
  type AdvisorDeps,
} from './advisor.service.ts';
import { runExpress } from './express-refusal.ts';

const tags = ['advisor'];
const security = [{ bearer: [] }];

export interface AdvisorRoutesOptions {
  apiPrefix: string;
  publicUrl: string;
  /** EXPRESS_INVITATION_TTL_SECONDS from the configuration; the domain's default otherwise. */
  invitationTtlSeconds?: number;
}

/** The page the spec names (section 7): the client route answers it. */
export const ADVISOR_SEARCH_PAGE = '/qadvisor/search/investor/express';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
const idParams = z.object({ id: z.uuid() });

/**
 * The advisor's API (issue 17; see packages/domain express/express-api.ts): the investor book
 * and express invitations. Advisors only: the guard runs on request, so any other caller gets
 * 404 before their input is even read, and every query is bounded by the advisor's own id.
 */
const advisorApi: FastifyPluginAsyncZod<AdvisorRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', app.requireRoleOr404('advisor'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const deps = (): AdvisorDeps => ({ db: app.db, cipher: app.cipher });

  app.get(
    '/qadvisor/search/investor/express',
    {
      schema: {
        tags,
        security,
        summary: "Searches the advisor's investors by name or email, by last name, one page",
        querystring: pageQuery.extend({ search: z.string().trim().max(100).optional() }),
      },
    },
    async (request) =>
      searchInvestors(deps(), callerOf(request).id, {
        page: request.query.page,
        ...(request.query.search && { search: request.query.search }),
      }),
  );

  app.post(
    '/qadvisor/investors',
    {
      schema: {
        tags,
        security,
        summary: 'Adds an investor to the book (409 investorExists for an email already in it)',
        body: investorInputSchema,
      },
    },
    async (request, reply) =>
      runExpress(request, reply, async () => {
        const view = await addInvestor(deps(), callerOf(request).id, request.body);
        return reply.code(201).send(view);
      }),
  );

  app.get(
    '/qadvisor/investors/:id',
    { schema: { tags, security, summary: 'One investor of the book', params: idParams } },
    async (request, reply) =>
      runExpress(request, reply, () =>
        getInvestor(deps(), callerOf(request).id, request.params.id),
      ),
  );

  app.put(
    '/qadvisor/investors/:id',
    {
      schema: {
        tags,
        security,
        summary: "Updates an investor's details",
        params: idParams,
        body: investorInputSchema,
      },
    },
    async (request, reply) =>
      runExpress(request, reply, () =>
        updateInvestor(deps(), callerOf(request).id, request.params.id, request.body),
      ),
  );

  app.post(
    '/qadvisor/investors/:id/invitations',
    {
      schema: {
        tags,
        security,
        summary:
          'Sends an express invitation (mails a single-use link; voids the older ones; 429 tooManyInvitations)',
        params: idParams,
        body: sendInvitationBodySchema,
      },
    },
    async (request, reply) =>
      runExpress(request, reply, async () => {
        const advisor = callerOf(request);
        const view = await sendInvitation(deps(), {
          advisor,
          investorId: request.params.id,
          accountTypes: request.body.accountTypes,
          publicUrl: options.publicUrl,
          ...(options.invitationTtlSeconds !== undefined && {
            ttlSeconds: options.invitationTtlSeconds,
          }),
        });
        return reply.code(201).send(view);
      }),
  );

  app.get(
    '/qadvisor/invitations',
    {
      schema: {
        tags,
        security,
        summary: "The advisor's invitations with their states, newest first",
        querystring: pageQuery,
      },
    },
    async (request) => listInvitations(deps(), callerOf(request).id, request.query.page),
  );
};

export const advisorRoutes: FastifyPluginAsyncZod<AdvisorRoutesOptions> = async (app, options) => {
  await app.register(advisorApi, { ...options, prefix: options.apiPrefix });
  // The bookmarked page: the client answers it (and says who may see it).
  app.get(ADVISOR_SEARCH_PAGE, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.redirect(`/#${ADVISOR_SEARCH_PAGE}`, 302);
  });
};
