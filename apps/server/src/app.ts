// Past 600 lines: the one place that wires every module, vendor and job in order; split, the
// order the start depends on (database, metrics, routes, jobs) would be spread over files.
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import {
  ConfigError,
  mailConfigOf,
  publicUrlOf,
  rifRatesOf,
  sandboxedRoles,
  sandboxVendorsRefusal,
  timeoutsOf,
  uploadQuotaBytesOf,
  type AppConfig,
  type VendorRole,
  webhookSecretOf,
  featureFlagsFrom,
  specFlagValues,
} from './config.ts';
import { flagEnvironmentOfHost, offeredIdentityMethods } from '@portal/domain';
import { createFeatureFlags } from './providers/flags/feature-flags.ts';
import { externalRedirectRoutes } from './modules/external-redirect/external-redirect.routes.ts';
import { flagsRoutes } from './modules/flags/flags.routes.ts';
import { openDatabase, type Database, type DatabaseHandle } from './db/client.ts';
import { seedDemoUsers } from './db/seed/seed-demo-users.ts';
import { seedReferenceData } from './db/seed/seed-reference-data.ts';
import { cipherFromConfig, fieldCipher } from './lib/crypto/field-cipher-plugin.ts';
import {
  createPasswordHasher,
  type PasswordHasher,
} from './lib/password-hashing/password-hasher.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { addressLookupRoutes } from './modules/address-lookup/address-lookup.routes.ts';
import { applicationsRoutes } from './modules/applications/applications.routes.ts';
import { coAuthCodeRoutes } from './modules/co-auth-code/co-auth-code.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { esignRoutes } from './modules/esign/esign.routes.ts';
import { esignWebhookRoutes } from './modules/esign/esign-webhook.ts';
import { identityCaptureRoutes } from './modules/identity-capture/identity-capture.routes.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { fundingRoutes } from './modules/funding/funding.routes.ts';
import { rifFundingRoutes } from './modules/rif-funding/rif-funding.routes.ts';
import { settlement } from './modules/funding/settlement.job.ts';
import { transferProcessing } from './modules/transfers/transfer-processing.job.ts';
import { transfersRoutes } from './modules/transfers/transfers.routes.ts';
import { transferEnvelopeHandler } from './modules/transfers/transfers.service.ts';
import { realBankClock, sandboxBankClockOf } from './providers/sandbox-bank/bank-clock.ts';
import type { PaymentFileChannel } from './providers/bank/transport/payment-file-channel.ts';
import {
  paymentFileChannelOf,
  paymentFilesJobOf,
} from './modules/payment-files/payment-files.setup.ts';
import { sandboxBankRoutes } from './providers/sandbox-bank/sandbox-bank.routes.ts';
import { bankConnectionRoutes } from './modules/bank-connection/bank-connection.routes.ts';
import { bankConnectionWebhookRoutes } from './modules/bank-connection/bank-connection-webhook.ts';
import { sandboxCustomerOf } from './modules/bank-connection/bank-connection.service.ts';
import type { BankConnectionProvider } from './providers/bank-connection/bank-connection-provider.ts';
import { createSandboxBankConnection } from './providers/bank-connection/sandbox-bank-connection.ts';
import { createFlinksBankConnection } from './providers/bank-connection/flinks-bank-connection.ts';
import {
  createLoginRetrievals,
  type LoginRetrievals,
} from './modules/bank-connection/login-retrievals.ts';
import { sandboxBankConnectionRoutes } from './providers/bank-connection/sandbox-bank-connection.routes.ts';
import type { CreditBureauProvider } from './providers/credit-bureau/credit-bureau-provider.ts';
import type { DocumentVerificationProvider } from './providers/document-verification/document-verification-provider.ts';
import { sandboxBureauLatency } from './providers/credit-bureau/sandbox-credit-bureau.ts';
import { errorsRoutes } from './modules/errors/errors.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { auditChainJob } from './modules/audit/audit-chain.job.ts';
import { keyRotationJob } from './modules/key-rotation/key-rotation.job.ts';
import { portalMetrics } from './lib/metrics/metrics.ts';
import { embeddedQueueLoad, registerDatabaseMetrics } from './lib/metrics/database-metrics.ts';
import { observedPasses } from './lib/metrics/observed-passes.ts';
import { observeVendorCalls } from './lib/metrics/vendor-calls.ts';
import { outboxBacklog } from './modules/outbox/outbox-backlog.ts';
import { outbox } from './modules/outbox/outbox.plugin.ts';
import { operations } from './modules/operations/operations.plugin.ts';
import { advisorRoutes } from './modules/advisor/advisor.routes.ts';
import { expressRoutes } from './modules/express/express.routes.ts';
import { promoRoutes } from './modules/promo/promo.routes.ts';
import { pepFormReminders } from './modules/operations/pep-form.job.ts';
import { retentionJob } from './modules/retention/retention.job.ts';
import { identityFollowUp } from './modules/identity-capture/identity-follow-up.job.ts';
import { createDocumentVerificationProvider } from './providers/document-verification/document-verification-providers.ts';
import { sandboxWebhooks } from './providers/sandbox-webhooks/sandbox-webhooks.ts';
import { twilioStatusCallbackUrlOf } from './providers/sms/sms-refusals.ts';
import { referencesRoutes } from './modules/references/references.routes.ts';
import { securityRoutes } from './modules/security/security.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createAddressLookupProvider } from './providers/address-lookup/address-lookup-providers.ts';
import type { AddressLookupProvider } from './providers/address-lookup/address-lookup-provider.ts';
import type { EsignProvider } from './providers/esign/esign-provider.ts';
import { createEsignProvider } from './providers/esign/esign-providers.ts';
import { sandboxEsignRoutes } from './providers/esign/sandbox-esign.routes.ts';
import type { MailTransport } from './providers/mail/mail-transport.ts';
import { auth } from './plugins/auth.ts';
import { apiRateLimit } from './plugins/api-rate-limit.ts';
import { postgresRateLimitStore } from './lib/rate-limit/postgres-rate-limit-store.ts';
import { canonicalHost } from './plugins/canonical-host.ts';
import { databaseQueue } from './plugins/database-queue.ts';
import { clientErrorHandler, errorHandler, frameworkErrors } from './plugins/error-handler.ts';
import { requestHygiene } from './plugins/request-hygiene.ts';
import { requestOrigin } from './plugins/request-origin.ts';
import { afterResponse } from './plugins/after-response.ts';
import { sandboxBanner, SANDBOX_META } from './plugins/sandbox-banner.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { webClient } from './plugins/web-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbDriver: DatabaseHandle['driver'];
    /** argon2 behind a bounded queue (issue 11): every password hash goes through it. */
    passwordHasher: PasswordHasher;
    /** Bank logins being read at a vendor of kind `browser` (Flinks); tests await `idle()`. */
    bankConnectionRetrievals: LoginRetrievals;
  }
}

/** Real vendor adapters built in code; a role without one uses its sandbox (when allowed). */
export interface RealVendors {
  mail: MailTransport;
  sms: MailTransport;
  esign: EsignProvider;
  addressLookup: AddressLookupProvider;
  creditBureau: CreditBureauProvider;
  documentVerification: DocumentVerificationProvider;
  bankConnection: BankConnectionProvider;
  /** The bank's payment-file channel (BANK_PROVIDER=cpa005). */
  bank: PaymentFileChannel;
}

export const API_BASE = '/service/jaxrs';

/**
 * The real adapters the configuration names (SMS_PROVIDER=twilio, ...). A vendor's library is
 * loaded only when its role is configured: the embedded default starts without them.
 */
async function configuredVendors(
  config: AppConfig,
  publicUrl: string,
): Promise<Partial<RealVendors>> {
  const vendors: Partial<RealVendors> = {};
  const sms = config.sms;
  if (sms?.provider === 'twilio') {
    const { createTwilioSmsTransport } = await import('./providers/sms/twilio-sms-transport.ts');
    vendors.sms = createTwilioSmsTransport({
      ...sms,
      statusCallbackUrl: twilioStatusCallbackUrlOf(publicUrl),
    });
  }
  const esign = config.esign;
  if (esign?.provider === 'docusign') {
    const { createDocusignEsign } = await import('./providers/esign/docusign-esign.ts');
    vendors.esign = createDocusignEsign({ ...esign, publicUrl });
  }
  const identityDocument = config.identityDocument;
  if (identityDocument?.provider === 'onfido') {
    const { createOnfidoDocumentVerification } =
      await import('./providers/document-verification/onfido-document-verification.ts');
    vendors.documentVerification = createOnfidoDocumentVerification(identityDocument);
  }
  if (config.paymentFiles?.provider === 'cpa005') {
    vendors.bank = await paymentFileChannelOf(config.paymentFiles);
  }
  return vendors;
}

/**
 * Builds the whole server without listening: migrations and seeds run before it answers, so
 * `/healthz` is 200 as soon as the instance takes requests. Tests call `inject` on the result.
 */
export interface BuildOptions {
  /** An already open database (tests share one between two app instances); not closed here. */
  database?: DatabaseHandle;
  /** Where the log goes instead of stdout (tests read it to prove what it never holds). */
  logStream?: NodeJS.WritableStream;
  /** Real vendor adapters (tests stand in for vendors with them). */
  vendors?: Partial<RealVendors>;
  /**
   * The bank-connection vendor (a real adapter; the sandbox when absent), the sandbox's pending
   * time, the module's clock (tests: pending that resolves, the 30-minute limit), and Flinks'
   * clock and wait between polls (tests move time instead of waiting 10 s).
   */
  bankConnection?: {
    provider?: BankConnectionProvider;
    pendingMs?: number;
    now?: () => Date;
    vendorClock?: { now: () => number; sleep: (ms: number, signal?: AbortSignal) => Promise<void> };
  };
}

export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const timeouts = timeoutsOf(config);
  // Sandboxes are an explicit mode: without it, every vendor role needs a real adapter.
  const publicUrl = publicUrlOf(config);
  // The configured real vendors, then any given in code (tests stand in for vendors with them).
  const vendors: Partial<RealVendors> = {
    ...(await configuredVendors(config, publicUrl)),
    ...options.vendors,
  };
  const sandboxVendors = config.sandboxVendors ?? true;
  const realRoles = (Object.keys(vendors) as VendorRole[]).filter((role) => vendors[role]);
  const sandboxed = sandboxedRoles(config, new Set(realRoles));
  if (!sandboxVendors && sandboxed.length > 0) {
    throw new ConfigError(sandboxVendorsRefusal(sandboxed));
  }
  // Spec section 6: the environment's flag file through OpenFeature, overrides on top; the
  // routes read the flags in force from the configuration they are given (ADR 0017).
  const flags = await createFeatureFlags({
    environment: config.flagEnvironment ?? flagEnvironmentOfHost(new URL(publicUrl).hostname),
    overrides: specFlagValues(config.featureFlags ?? {}),
  });
  config = { ...config, featureFlags: featureFlagsFrom(await flags.values()) };
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // A request is logged by method and path only: query strings carry emails (the mailbox
      // filter), tokens and codes, and the caller's address is personal data too.
      serializers: {
        req: (request: { method: string; url: string }) => ({
          method: request.method,
          path: request.url.split('?')[0],
        }),
      },
      ...(options.logStream && { stream: options.logStream }),
    },
    // A body that trickles in (slowloris) is cut off once the whole request is late; Node only
    // looks every `connectionsCheckingInterval` (30 s by default), so it looks every second.
    requestTimeout: timeouts.requestTimeoutMs,
    http: {
      requestTimeout: timeouts.requestTimeoutMs,
      headersTimeout: timeouts.headersTimeoutMs,
      connectionsCheckingInterval: 1000,
    },
    clientErrorHandler,
    frameworkErrors,
    trustProxy: config.trustProxy === false ? false : [...config.trustProxy],
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Built before the seeds, which save demo answers through the applications service.
  const cipher = cipherFromConfig(config.dataKey, config.appSecret);
  const database = options.database ?? (await openDatabase(config.database));
  if (!options.database) app.addHook('onClose', () => database.close());
  try {
    await database.migrate(async (db) => {
      await seedReferenceData(db);
      if (config.seedDemoUsers) await seedDemoUsers(db, cipher);
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  app.decorate('db', database.db);
  // Prometheus metrics (issue 36): registered first, so every request and job is counted.
  await app.register(portalMetrics, {
    ...(config.metricsToken && { token: config.metricsToken }),
    ...(config.metricsListener && { listener: config.metricsListener }),
  });
  if (database.load) registerDatabaseMetrics(app.metrics.registry, database.load);
  observeVendorCalls(app, config);
  app.metrics.gauge(
    'portal_outbox_backlog',
    'Mail and SMS waiting to be sent',
    async () => (await outboxBacklog(database.db)).count,
  );
  app.metrics.gauge(
    'portal_outbox_oldest_age_seconds',
    'Age of the oldest mail or SMS waiting to be sent (0 when none waits)',
    async () => (await outboxBacklog(database.db)).oldestAgeSeconds,
  );
  app.decorate('dbDriver', database.driver);
  app.decorate(
    'passwordHasher',
    createPasswordHasher({
      maxConcurrent: config.passwordHashing?.maxConcurrent,
      maxQueued: config.passwordHashing?.maxQueued,
    }),
  );

  await app.register(errorHandler);
  await app.register(afterResponse);
  await app.register(securityHeaders, {
    // Flinks Connect is shown in a frame on the funding step: its origin, and only when chosen.
    frameOrigins:
      config.bankConnection?.provider === 'flinks'
        ? [new URL(config.bankConnection.connectUrl).origin]
        : [],
  });
  // After the headers, so that a refusal carries them too.
  await app.register(requestOrigin, { publicOrigin: publicUrl });
  await app.register(canonicalHost, { publicUrl });
  if (sandboxVendors) await app.register(sandboxBanner);
  await app.register(requestHygiene);
  // One embedded connection: requests take turns in arrival order, with a bounded wait (ADR 0025).
  if (database.driver === 'pglite' && config.pgliteQueue) {
    await app.register(databaseQueue, config.pgliteQueue);
    if (app.databaseQueue) {
      registerDatabaseMetrics(app.metrics.registry, embeddedQueueLoad(app.databaseQueue));
    }
  }
  await app.register(cookie);
  await app.register(formbody);
  await app.register(fieldCipher, { cipher });
  acceptEmptyJsonBodies(app);
  await app.register(auth, {
    policy: config.security,
    tokenCacheMs: config.authCacheMs,
    listen: database.listen?.bind(database),
  });
  // Before the routes, whose preHandlers it extends: the API's limits per person (issue 30),
  // counted in PostgreSQL for every instance, in memory on the embedded single process.
  if (config.rateLimits) {
    await app.register(apiRateLimit, {
      limits: config.rateLimits,
      prefix: API_BASE,
      secret: config.appSecret,
      ...(database.driver === 'postgres' && {
        store: postgresRateLimitStore(database.db, {
          onError: (error) => app.log.warn({ err: error }, 'rate-limit counts not shared yet'),
        }),
      }),
    });
  }
  await app.register(swagger, {
    openapi: {
      info: { title: 'Online account opening portal API', version: '1.45' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  // SIGTERM turns `draining` on (main.ts): /healthz/ready answers 503 from then on.
  app.decorate('lifecycle', { draining: false });
  await app.register(healthRoutes);
  await app.register(flagsRoutes, { prefix: API_BASE, flags });
  await app.register(externalRedirectRoutes, {
    prefix: API_BASE,
    origins: config.externalRedirectOrigins ?? [],
  });
  await app.register(securityRoutes, {
    prefix: '/security',
    policy: config.security,
    hasher: app.passwordHasher,
    publicUrl,
  });
  await app.register(accountRoutes, { prefix: API_BASE, policy: config.security, publicUrl });
  await app.register(referencesRoutes, { prefix: API_BASE });
  await app.register(usersRoutes, { prefix: API_BASE });
  await app.register(applicationsRoutes, { prefix: API_BASE, config });
  await app.register(documentsRoutes, {
    prefix: API_BASE,
    uploadQuotaBytes: uploadQuotaBytesOf(config),
  });
  await app.register(esignRoutes, {
    prefix: API_BASE,
    config,
    ...(vendors.esign && { provider: vendors.esign }),
  });
  if (!vendors.esign) await app.register(sandboxEsignRoutes, { prefix: '/sandbox/esign' });
  // Funding (issue 14): the bank's date is the sandbox bank's clock in sandbox mode.
  const bankClock = sandboxVendors ? sandboxBankClockOf(app.db) : realBankClock();
  // Transfer authorizations (issue 15) go to the same e-sign vendor as applications.
  const esignProvider =
    vendors.esign ?? createEsignProvider('sandbox', { db: app.db, cipher: app.cipher });
  // The e-sign vendor's webhook: a signature is recorded though the signer closed the tab.
  await app.register(esignWebhookRoutes, {
    config,
    signing:
      config.esign?.provider === 'docusign' && vendors.esign?.name === 'docusign'
        ? { docusignConnectKeys: config.esign.connectHmacKeys }
        : { secret: webhookSecretOf(config, 'esign') },
    ...(vendors.esign && { provider: vendors.esign }),
    transfers: transferEnvelopeHandler({
      db: app.db,
      cipher: app.cipher,
      clock: bankClock,
      provider: esignProvider,
      publicUrl,
    }),
  });
  await app.register(coAuthCodeRoutes, { prefix: API_BASE, config });
  // Photo ID and selfie on the phone: the hand-off, the phone pages' API, the vendor's webhook.
  await app.register(identityCaptureRoutes, {
    apiPrefix: API_BASE,
    publicUrl,
    methodsOffered: offeredIdentityMethods({
      creditBureau: config.creditBureau?.provider !== 'none',
    }),
    webhookSecret: webhookSecretOf(config, 'identity'),
    ...(config.identityDocument?.provider === 'onfido' &&
      vendors.documentVerification?.name === 'onfido' && {
        onfidoWebhookToken: config.identityDocument.webhookToken,
      }),
    ...(vendors.documentVerification && { provider: vendors.documentVerification }),
    // A polling server plays the vendor's upload time; tests (no polling) answer at once.
    ...(config.sandboxWebhookPollMs && { sandboxLatencyMs: () => 300 + Math.random() * 500 }),
  });
  // Identity verification (issue 13): the caller's state, the credit file, documents, export.
  await app.register(identityRoutes, {
    prefix: API_BASE,
    config,
    publicUrl,
    ...(vendors.creditBureau && { bureau: vendors.creditBureau }),
    ...(config.sandboxWebhookPollMs && { sandboxLatencyMs: sandboxBureauLatency }),
  });
  await app.register(fundingRoutes, {
    prefix: API_BASE,
    clock: bankClock,
    publicUrl,
    uploadQuotaBytes: uploadQuotaBytesOf(config),
  });
  // Transfers in (issue 15): the request, its pre-check and e-signature, cancel, coaccounts.
  await app.register(transfersRoutes, {
    prefix: API_BASE,
    clock: bankClock,
    provider: esignProvider,
    publicUrl,
    uploadQuotaBytes: uploadQuotaBytesOf(config),
  });
  // RRIF payouts (issue 15), behind rrif-funding-enabled; the same bank clock as funding.
  await app.register(rifFundingRoutes, { prefix: API_BASE, config, clock: bankClock, publicUrl });
  // The operations console's API (issue 16): staff only, 404 to everyone else.
  await app.register(operations, {
    prefix: API_BASE,
    publicUrl,
    clock: bankClock,
    ...(vendors.documentVerification && { documentVerification: vendors.documentVerification }),
  });
  // Advisors and express invitations (issue 17): the advisor's book (404 to other roles) and
  // the invitee's link, confirmation and acceptance.
  await app.register(advisorRoutes, {
    apiPrefix: API_BASE,
    publicUrl,
    ...(config.expressInvitationTtlSeconds !== undefined && {
      invitationTtlSeconds: config.expressInvitationTtlSeconds,
    }),
  });
  await app.register(expressRoutes, { prefix: API_BASE });
  // Promo codes, the partner agreement and partner employees' work email (issue 17).
  await app.register(promoRoutes, { prefix: API_BASE });
  await app.register(addressLookupRoutes, {
    prefix: API_BASE,
    provider: vendors.addressLookup ?? createAddressLookupProvider(config.addressLookup),
  });
  // Bank connection (issue 14): the API, the vendor's webhook, the sandbox's connect frame.
  // Building the sandbox does nothing until its frame is used; a real adapter replaces it.
  const sandboxBankConnection = createSandboxBankConnection({
    db: app.db,
    cipher: app.cipher,
    ...(options.bankConnection?.pendingMs !== undefined && {
      pendingMs: options.bankConnection.pendingMs,
    }),
  });
  const flinks = config.bankConnection?.provider === 'flinks' ? config.bankConnection : null;
  const bankConnectionProvider =
    vendors.bankConnection ??
    options.bankConnection?.provider ??
    (flinks
      ? createFlinksBankConnection({
          ...flinks,
          // Connect lands on the portal inside its frame once done; the page has moved on.
          redirectUrl: `${publicUrl}/`,
          log: app.log,
          ...options.bankConnection?.vendorClock,
        })
      : sandboxBankConnection);
  const bankConnectionClock = options.bankConnection?.now;
  // Logins handed over by the browser are read in the background; a stop leaves them pending.
  const retrievals = createLoginRetrievals((error) =>
    app.log.error({ err: error }, 'bank login reading failed'),
  );
  app.decorate('bankConnectionRetrievals', retrievals);
  app.addHook('onClose', async () => {
    retrievals.stopAll();
    await retrievals.idle();
  });
  await app.register(bankConnectionRoutes, {
    prefix: API_BASE,
    provider: bankConnectionProvider,
    retrievals,
    ...(bankConnectionClock && { now: bankConnectionClock }),
  });
  // A vendor whose frame hands the login to the page (Flinks) sends no such webhook.
  if (bankConnectionProvider.delivery === 'webhook') {
    await app.register(bankConnectionWebhookRoutes, {
      secret: webhookSecretOf(config, 'bankConnection'),
      ...(bankConnectionClock && { now: bankConnectionClock }),
    });
  }
  if (bankConnectionProvider === sandboxBankConnection) {
    await app.register(sandboxBankConnectionRoutes, {
      prefix: '/sandbox/bank-connection',
      connection: sandboxBankConnection,
      customerOf: (requestId: string) => sandboxCustomerOf(app.db, requestId),
    });
  }
  await app.register(errorsRoutes, { prefix: API_BASE, secret: config.appSecret });
  if (config.sms?.provider === 'twilio') {
    const { twilioStatusRoutes } = await import('./modules/outbox/twilio-status.routes.ts');
    await app.register(twilioStatusRoutes, {
      authToken: config.sms.authToken,
      callbackUrl: twilioStatusCallbackUrlOf(publicUrl),
    });
  }
  // Mail and SMS: the dispatcher, and the sandbox mailbox pages while a sandbox carries either.
  await app.register(outbox, {
    mail: mailConfigOf(config),
    appSecret: config.appSecret,
    ...(config.sandboxMailboxSecret && { mailboxSecret: config.sandboxMailboxSecret }),
    ...(vendors.mail && { mailTransport: vendors.mail }),
    ...(vendors.sms && { smsTransport: vendors.sms }),
  });
  // Settlement of EFTs and PACs on the bank's days: a polling server passes every 2 s in
  // sandbox mode (the sandbox bank's documented timings), every minute otherwise; tests do not
  // poll and call `app.settlement.runOnce()` or move the sandbox bank's clock.
  await app.register(settlement, {
    clock: bankClock,
    // Observed on its own (the payment files and the RRIF payouts they schedule): issue 36.
    paymentFiles: observedPasses(
      (
        await paymentFilesJobOf(app, {
          settings: config.paymentFiles,
          channel: vendors.bank,
          publicUrl,
          ...(config.featureFlags?.rrifFundingEnabled && { rifRates: rifRatesOf(config) }),
        })
      ).job,
      app.metrics.job('paymentFiles'),
    ),
    publicUrl,
    // PAYMENT_FILES_POLL_MS sets how often a real bank is visited (every minute by default).
    pollMs: config.sandboxWebhookPollMs
      ? sandboxVendors
        ? 2_000
        : (config.paymentFiles?.pollMs ?? 60_000)
      : 0,
  });
  // The audit trail's hash chain and its copy outside the database (issue 36, ADR 0040).
  await app.register(auditChainJob, {
    ...(config.auditAnchor && {
      anchor: {
        file: config.auditAnchor.file,
        ...(config.auditAnchor.key && { key: config.auditAnchor.key }),
      },
    }),
    pollMs: config.sandboxWebhookPollMs ? (config.auditAnchor?.pollMs ?? 0) : 0,
  });
  // Values under an older data key move to the current one (issue 36, ADR 0043).
  await app.register(keyRotationJob, {
    pollMs: config.sandboxWebhookPollMs ? 600_000 : 0,
    maxBatches: 50,
  });
  // The PEP/HIO form's notice and reminders (issue 16): hourly; tests call runOnce().
  await app.register(pepFormReminders, {
    publicUrl,
    pollMs: config.sandboxWebhookPollMs ? 3_600_000 : 0,
  });
  // Retention, legal holds and abandoned applications (issue 36, ADR 0044); tests call runOnce().
  await app.register(retentionJob, {
    apiPrefix: API_BASE,
    publicUrl,
    ...(config.retention && { settings: config.retention }),
    poll: Boolean(config.sandboxWebhookPollMs),
    esign: esignProvider,
    ...(vendors.documentVerification && { documentVerification: vendors.documentVerification }),
  });
  // Photo-ID attempts whose decision never arrived are asked about at the vendor (issue 30).
  await app.register(identityFollowUp, {
    provider:
      vendors.documentVerification ??
      createDocumentVerificationProvider('sandbox', { db: app.db, cipher: app.cipher }),
    pollMs: config.sandboxWebhookPollMs ? 5 * 60_000 : 0,
    publicUrl,
  });
  // Transfers in move on the same bank clock and polling (transfer-processing.job.ts).
  await app.register(transferProcessing, {
    clock: bankClock,
    publicUrl,
    pollMs: config.sandboxWebhookPollMs ? (sandboxVendors ? 2_000 : 60_000) : 0,
  });
  if (sandboxVendors) {
    await app.register(sandboxBankRoutes, {
      prefix: '/sandbox/bank',
      // A change of the clock settles funding, then moves transfers, before it answers.
      settlement: () => ({
        ...app.settlement,
        runOnce: async () => {
          const settled = await app.settlement.runOnce();
          const moved = await app.transferProcessing.runOnce();
          return { today: settled.today, changed: settled.changed + moved.changed };
        },
      }),
    });
  }
  // What the sandbox vendors decided reaches the product as signed webhooks (ADR 0018).
  if (sandboxVendors) {
    await app.register(sandboxWebhooks, {
      cipher,
      secretOf: (role: string) => webhookSecretOf(config, role),
      pollMs: config.sandboxWebhookPollMs ?? 0,
    });
  }
  app.get('/service/docs', { schema: { hide: true } }, async () => app.swagger());

  await app.register(webClient, {
    distDir: config.webDistDir,
    // The client shows the demonstration banner from this marker, before any call.
    ...(sandboxVendors && {
      transformIndexHtml: (html: string) => html.replace('<head>', `<head>${SANDBOX_META}`),
    }),
  });

  return app;
}

/**
 * The client sends every POST and PUT as JSON (spec section 7), including the calls that carry
 * no body (start an application, resend a code): an empty JSON body means "no body", not 400.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  // Fastify's own parser, with its guards against prototype poisoning.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
