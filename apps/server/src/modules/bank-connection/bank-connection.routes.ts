import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageFor } from '@portal/domain/messages/messages';
import { z } from 'zod';
import { answerLanguageOf, callerOf } from '../../plugins/auth.ts';
import type { BankConnectionProvider } from '../../providers/bank-connection/bank-connection-provider.ts';
import {
  accountsDetail,
  authorize,
  BankConnectionError,
  connectionStatus,
  deleteCard,
  handOverLogin,
  iframeUrl,
  loginHandOverSchema,
  requestUpdateSchema,
  startRequest,
  updateRequest,
  type AccountsDetailView,
  type BankConnectionDeps,
} from './bank-connection.service.ts';
import { createLoginRetrievals, type LoginRetrievals } from './login-retrievals.ts';

export interface BankConnectionRoutesOptions {
  provider: BankConnectionProvider;
  /** The clock (tests: the 30-minute limit). */
  now?: () => Date;
  /** Where logins handed over by the browser are read (the app's, stopped on close). */
  retrievals?: LoginRetrievals;
}

/**
 * The refusals the domain's funding messages do not name, in both languages; the others
 * (bankConnectionFailure, bankConnectionExpired, bankAccountAlreadyConnected, inUse) are the
 * domain's, so the API says what the screens say (spec section 8).
 */
const serverMessages: Record<
  'en' | 'fr',
  Partial<Record<BankConnectionError['errorCode'], string>>
> = {
  en: {
    notFound: 'Not found.',
    notConnected: 'The bank connection has not connected.',
    invalid: 'Some fields are not valid.',
  },
  fr: {
    notFound: 'Introuvable.',
    notConnected: 'La connexion à la banque n’a pas abouti.',
    invalid: 'Certains champs ne sont pas valides.',
  },
};

function refuse(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof BankConnectionError)) throw error;
  const language = answerLanguageOf(request);
  return reply.code(error.status).send({
    errorCode: error.errorCode,
    message: serverMessages[language][error.errorCode] ?? messageFor(error.errorCode, language),
    ...error.extra,
  });
}

// Ids in paths are ours (uuid) or the vendor's (a login id): bounded, nothing more assumed.
const uuidParams = z.object({ id: z.uuid() });
const loginParams = z.object({ id: z.string().min(1).max(100) });
const appParams = z.object({ appId: z.uuid() });
const detailBody = z.object({
  requestId: z.uuid(),
  accountsFilter: z.array(z.string().max(100)).max(50).optional().default([]),
  loginId: z.string().max(100).nullable().optional(),
});

/**
 * The bank connection of spec section 7 (`{bank-connection}` = `bankConnection`; bearer, the
 * caller's own requests and accounts, anyone else's 404): open a request, its connect frame,
 * the polled status, the accounts of the login (202 while the bank is pending), choose one or
 * give up, connect a known login again, remove a connected account.
 */
export const bankConnectionRoutes: FastifyPluginAsyncZod<BankConnectionRoutesOptions> = async (
  app,
  options,
) => {
  const deps: BankConnectionDeps = {
    db: app.db,
    cipher: app.cipher,
    provider: options.provider,
    now: options.now ?? (() => new Date()),
    retrievals:
      options.retrievals ??
      createLoginRetrievals((error) => app.log.error({ err: error }, 'bank login reading failed')),
  };
  app.addHook('onRequest', async (request, reply) => {
    await app.requireUser(request, reply);
    if (!request.user) return reply;
    // Funding depends on the person's address being theirs (architecture: request security).
    return app.requireVerifiedEmail(request, reply);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const tags = ['bank connection'];
  const security = [{ bearer: [] }];
  const run = async <T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      return refuse(request, reply, error);
    }
  };
  const detail = (reply: FastifyReply, view: AccountsDetailView) =>
    'pending' in view ? reply.code(202).send(view) : view;

  app.post(
    '/bankConnection/request',
    {
      schema: {
        tags,
        security,
        summary: 'Opens a bank-connection request (an older open one is cancelled)',
      },
    },
    async (request, reply) => {
      const created = await startRequest(deps, callerOf(request).id);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/bankConnection/request',
    {
      schema: {
        tags,
        security,
        summary: 'The account chosen from the newest connection, or the person gave up',
        description:
          '200 { bankAccount } (masked) or { cancelled: true }; 409 bankAccountAlreadyConnected ' +
          '/ notConnected; 404 an account the connection did not report.',
        body: requestUpdateSchema,
      },
    },
    async (request, reply) =>
      run(request, reply, () =>
        updateRequest(deps, callerOf(request).id, request.body, answerLanguageOf(request)),
      ),
  );

  app.post(
    '/bankConnection/request/:id/login',
    {
      schema: {
        tags,
        security,
        summary: "The login the vendor's frame gave the page, for the caller's request",
        description:
          'Vendors whose frame hands the login to the page (Flinks Connect: its REDIRECT ' +
          'message). 202 { requestId, status: PENDING } while the accounts are read (poll ' +
          "FlBAConnectionStatus/); 404 a request not the caller's, or a vendor that calls back " +
          'by webhook; 409 bankConnectionFailure when the frame was opened for another request ' +
          'or this one no longer waits, bankConnectionExpired past 30 minutes.',
        params: uuidParams,
        body: loginHandOverSchema,
      },
    },
    async (request, reply) =>
      run(request, reply, async () => {
        const answer = await handOverLogin(
          deps,
          callerOf(request).id,
          request.params.id,
          request.body,
        );
        return reply.code(202).send(answer);
      }),
  );

  app.get(
    '/bankConnection/IframeUrl/:id',
    {
      schema: {
        tags,
        security,
        summary: "The vendor's connect frame for a request",
        params: uuidParams,
      },
    },
    async (request, reply) =>
      run(request, reply, () =>
        iframeUrl(deps, callerOf(request).id, request.params.id, answerLanguageOf(request)),
      ),
  );

  app.get(
    '/bankConnection/authorize/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Connects again with a login the caller connected before',
        params: loginParams,
      },
    },
    async (request, reply) =>
      run(request, reply, () => authorize(deps, callerOf(request).id, request.params.id)),
  );

  app.get(
    '/bankConnection/FlBAConnectionStatus/',
    {
      schema: {
        tags,
        security,
        summary: "The caller's newest connection request (polled)",
        description: 'A request pending for more than 30 minutes answers EXPIRED.',
      },
    },
    async (request) => connectionStatus(deps, callerOf(request).id),
  );

  app.post(
    '/bankConnection/getAccountsDetail/:appId',
    {
      schema: {
        tags,
        security,
        summary: "The login's accounts, for the application they will fund",
        description: '202 { pending: true } while the bank is pending.',
        params: appParams,
        body: detailBody,
      },
    },
    async (request, reply) =>
      run(request, reply, async () =>
        detail(
          reply,
          await accountsDetail(deps, callerOf(request).id, {
            requestId: request.body.requestId,
            applicationId: request.params.appId,
            loginId: request.body.loginId ?? undefined,
            accountsFilter: request.body.accountsFilter,
          }),
        ),
      ),
  );

  app.get(
    '/bankConnection/accounts/detail/async/:id',
    {
      schema: {
        tags,
        security,
        summary: "The login's accounts of a request (202 while pending)",
        params: uuidParams,
      },
    },
    async (request, reply) =>
      run(request, reply, async () =>
        detail(
          reply,
          await accountsDetail(deps, callerOf(request).id, { requestId: request.params.id }),
        ),
      ),
  );

  app.delete(
    '/bankConnection/deleteCard/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Removes a connected bank account (409 inUse while funding draws on it)',
        params: uuidParams,
      },
    },
    async (request, reply) =>
      run(request, reply, async () => {
        await deleteCard(deps, callerOf(request).id, request.params.id);
        return reply.code(204).send();
      }),
  );
};
