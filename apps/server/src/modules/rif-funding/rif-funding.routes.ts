import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageFor } from '@portal/domain/messages/messages';
import { NO_RIF_SETUP_TEXT } from '@portal/domain/rif/rif-payout-schema';
import { z } from 'zod';
import { featureFlagsOf, rifRatesOf, type AppConfig } from '../../config.ts';
import { refusalRunner, refusalText, type RefusalTexts } from '../../lib/refusals/refusal.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { BankClock } from '../../providers/sandbox-bank/bank-clock.ts';
import {
  rifOptionsFor,
  rifSetUpFor,
  saveRifSetup,
  type RifFundingDeps,
} from './rif-funding.service.ts';

export interface RifFundingRoutesOptions {
  config: Pick<AppConfig, 'featureFlags' | 'rif'>;
  clock: BankClock;
  publicUrl: string;
}

/** Texts of the RRIF payout refusals neither the common table nor the domain's messages name. */
const rifRefusalTexts: RefusalTexts = {
  en: {
    noIncomeFund: 'This application opens no retirement income fund.',
    currencyMismatch: 'Payments go to an account in the fund’s currency.',
    [NO_RIF_SETUP_TEXT]: messageFor('noRifSetup', 'en'),
  },
  fr: {
    noIncomeFund: 'Cette demande n’ouvre aucun fonds de revenu de retraite.',
    currencyMismatch: 'Les versements sont déposés dans un compte de la devise du fonds.',
    [NO_RIF_SETUP_TEXT]: messageFor('noRifSetup', 'fr'),
  },
};

const applicationParams = z.object({ applicationId: z.uuid() });
const idParams = z.object({ id: z.uuid() });

/**
 * RRIF payouts (issue 15; spec section 7): `POST rifFunding/{applicationId}` saves a setup,
 * `GET rifFunding/{id}` says whether the application's funds are set up (400 'No RIF setup
 * found' when not, spec section 8), and `GET rifFunding/{applicationId}/options` gives the
 * screen its context. Behind `rrif-funding-enabled`: while it is off, every path answers 404 as
 * if it did not exist. Bearer; another person's application answers 404; never cached.
 */
export const rifFundingRoutes: FastifyPluginAsyncZod<RifFundingRoutesOptions> = async (
  app,
  options,
) => {
  const deps: RifFundingDeps = {
    db: app.db,
    cipher: app.cipher,
    clock: options.clock,
    publicUrl: options.publicUrl,
    rates: rifRatesOf(options.config),
  };
  const enabled = featureFlagsOf(options.config).rrifFundingEnabled;
  app.addHook('onRequest', async (request, reply) => {
    if (!enabled) {
      // Before sign-in, so only the header can say the language.
      const french = /^\s*fr\b/i.test(String(request.headers['accept-language'] ?? ''));
      return reply.code(404).send({
        errorCode: 'notFound',
        message: refusalText('notFound', french ? 'fr' : 'en', rifRefusalTexts),
      });
    }
    await app.requireUser(request, reply);
    if (!request.user) return reply;
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const tags = ['rifFunding'];
  const security = [{ bearer: [] }];
  const run = refusalRunner(rifRefusalTexts);
  const userOf = (request: FastifyRequest) => callerOf(request).id;

  app.post(
    '/rifFunding/:applicationId',
    {
      schema: {
        tags,
        security,
        summary: 'Sets up or changes the payments of an income fund the application opens',
        description:
          'The spec’s RIF payout fields, plus accountId (the fund, when the application opens ' +
          'several) and estimatedFundValue (dollars). 201 on the first save, 200 on a change: ' +
          '{ setup, firstPayment: { scheduledOn, paidOn, grossCents, withholdingCents, ' +
          'netCents, minimumCents, annual, fundValueCents, ... } }. 400 field codes; 404 not ' +
          'the caller’s application, bank account or cash account; 409 fundingNotOpen, ' +
          'noIncomeFund, rifMinPaymentTypeLocked.',
        params: applicationParams,
        body: z.unknown(),
      },
      preHandler: app.requireVerifiedEmail,
    },
    async (request, reply) =>
      run(request, reply, async () => {
        const { created, answer } = await saveRifSetup(
          deps,
          userOf(request),
          request.params.applicationId,
          request.body,
        );
        return reply.code(created ? 201 : 200).send(answer);
      }),
  );

  app.get(
    '/rifFunding/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Whether the application’s income funds are set up (id: the application’s)',
        description:
          '200 { setUp: true, setups } when every income fund of the application has its ' +
          'payments set up; 400 { errorCode: "No RIF setup found" } otherwise (spec section 8); ' +
          '404 not the caller’s application.',
        params: idParams,
      },
    },
    async (request, reply) =>
      run(request, reply, () => rifSetUpFor(deps, userOf(request), request.params.id)),
  );

  app.get(
    '/rifFunding/:applicationId/options',
    {
      schema: {
        tags,
        security,
        summary: 'The setup screen’s context: funds, cash accounts, dates, rates',
        description:
          '{ today, setupYear, ownBirthDate, province, rates, funds: { accountId, ' +
          'accountTypeId, pensionJurisdiction, transfersValueCents, setup }[], cashAccounts }',
        params: applicationParams,
      },
    },
    async (request, reply) =>
      run(request, reply, () => rifOptionsFor(deps, userOf(request), request.params.applicationId)),
  );
};
