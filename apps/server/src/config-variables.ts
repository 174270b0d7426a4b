import { CO_AUTH_CODE_VALIDITY_MS, flagEnvironments } from '@portal/domain';
import { EXPRESS_INVITATION_TTL_SECONDS } from '@portal/domain/express/express-api';
import { QUEBEC_RRIF_EXCESS_PERCENT_UNCONFIRMED } from '@portal/domain/rif/withholding';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  booleanFlag,
  externalRedirectOriginsSchema,
  mailFromPattern,
  rateLimitSchema,
  trustedProxiesSchema,
} from './config-value-schemas.ts';
import { paymentFilesVariables } from './config-payment-files-variables.ts';
import { retentionVariables } from './config-retention-variables.ts';
import { telemetryVariables } from './config-telemetry-variables.ts';
import { vendorVariables } from './config-vendor-variables.ts';

/**
 * Every environment variable the server reads, in one table: how each is parsed (its zod
 * schema, with its default) and what a reader of docs/configuration.md needs to know (its
 * meaning, and whether it is a secret). `loadConfig` (config.ts) parses them; the page is
 * generated from them (`npm run docs:config`, config-page.ts), so the two cannot drift.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The sections of the configuration page, in their order. */
export const variableGroups = {
  running: 'Where and how it runs',
  data: 'Database, stored data and keys',
  sessions: 'Sign-in and sessions',
  limits: 'Limits and load',
  vendors: 'Mail, the sandbox vendors and redirects',
  bank: 'The bank: payment files (EFT and PAD)',
  product: 'Product rules and flags',
} as const;
export type VariableGroup = keyof typeof variableGroups;

export interface VariableDefinition {
  group: VariableGroup;
  schema: z.ZodType;
  /** Markdown for the default column; without it the page shows the schema's own default. */
  default?: string;
  /** Markdown for the values column; without it the page derives it from the schema. */
  values?: string;
  /** Markdown: what the variable does, in the reader's terms. */
  description: string;
  /** Holds a key or a password: never logged, never repeated by a configuration error. */
  secret?: true;
  /**
   * Not a secret, yet may be given as a file (`NAME_FILE`) like one: a key too long to sit
   * comfortably in an environment variable (the bank's OpenPGP public key).
   */
  file?: true;
}

/**
 * How many requests one person may send to the API (`/service/jaxrs`), counted after sign-in by
 * person; a caller without a token is counted by address and allowed `addressFactor` times as
 * many, since one address may hide an office or a household. Webhooks, `/healthz`, the sign-in
 * pages (which keep their own throttles) and the sandboxes are not counted.
 */
export interface ApiRateLimits {
  /** Any request, per minute. */
  requestsPerMinute: number;
  /** POST, PUT, PATCH and DELETE, per minute. */
  writesPerMinute: number;
  /** New applications (`POST applications`), per hour. */
  applicationsPerHour: number;
  addressFactor: number;
}

/**
 * 600 a minute is ten a second sustained, far past a person clicking through the screens (a page
 * makes a handful of calls); 60 writes a minute is a save every second; 30 new applications an
 * hour is many times what a family opens in a year, and stops a script filling the queue.
 */
export const defaultApiRateLimits: ApiRateLimits = {
  requestsPerMinute: 600,
  writesPerMinute: 60,
  applicationsPerHour: 30,
  addressFactor: 3,
};

export const defaultMailFrom = 'Laurentide Investing <no-reply@laurentide.example>';

/**
 * UNCONFIRMED: 6% is the rate the formula uses after its first 15 years and a floor in several
 * pension laws; operations set last November's CANSIM V122487 yield each year.
 */
export const LIF_BOND_RATE_PERCENT_UNCONFIRMED = 6;

export {
  addressLookupProviderNames,
  type AddressLookupProviderName,
} from './config-vendor-variables.ts';

/** In the schema's order, which is the order a configuration error lists its reasons in. */
export const serverVariables = {
  PORT: {
    group: 'running',
    schema: z.coerce.number().int().min(0).max(65535).default(8080),
    description: 'the port the server listens on',
  },
  HOST: {
    group: 'running',
    schema: z.string().min(1).default('127.0.0.1'),
    values: 'an address or host name',
    description: 'the interface to listen on (`0.0.0.0` behind a load balancer)',
  },
  DATA_DIR: {
    group: 'data',
    schema: z.string().min(1).default('./data'),
    values: 'a folder',
    description:
      "the data folder: the embedded database (`DATA_DIR/pglite`), the sandbox bank's payment " +
      'files (`DATA_DIR/payment-files`) and, when they are not given, ' +
      'the data-encryption key (`encryption.key`) and the sandbox mailbox key ' +
      '(`sandbox-mailbox.secret`). `npm start` resolves it from the repository root',
  },
  DATABASE_URL: {
    group: 'data',
    schema: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional(),
    values: '`postgres://...` or `postgresql://...`',
    description:
      'use this PostgreSQL server instead of the embedded database; then `DATA_ENCRYPTION_KEY` ' +
      'is needed, and either every vendor role configured or `SANDBOX_VENDORS=true`. It may ' +
      'hold a password',
    secret: true,
  },
  MIGRATION_DATABASE_URL: {
    group: 'data',
    schema: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'MIGRATION_DATABASE_URL must be a postgres:// URL')
      .optional(),
    values: '`postgres://...` or `postgresql://...`',
    description:
      "the owner role's connection to the same database as `DATABASE_URL`, for migrations and " +
      "seeds only: the server then runs as `DATABASE_URL`'s role, which owns no table and may " +
      'not change or delete audit events (docs/operations.md, Database roles). Without it, ' +
      '`DATABASE_URL` migrates too (or run `npm run db:migrate` first)',
    secret: true,
  },
  LOG_LEVEL: {
    group: 'running',
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    description:
      'how much the JSON log (standard output) says; `debug` only logs more, answers stay generic',
  },
  WEB_DIST_DIR: {
    group: 'running',
    schema: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
    default: '`apps/web/dist` of this repository',
    values: 'a folder',
    description: 'the built web client, which the server serves at `/` (from memory)',
  },
  TRUST_PROXY: {
    group: 'running',
    schema: trustedProxiesSchema,
    default: '(none)',
    values: 'addresses or CIDR ranges, comma-separated (`10.0.0.0/8,192.168.1.7`)',
    description:
      "the load balancers whose `X-Forwarded-*` headers are believed; needed for the client's " +
      'real address and for `Secure` cookies behind https. `true` is refused: it would let ' +
      'anyone choose their address',
  },
  SANDBOX_VENDORS: {
    group: 'vendors',
    schema: booleanFlag.optional(),
    default: '`true` on the embedded database, `false` with `DATABASE_URL`',
    description:
      'let simulated vendors (mail, SMS, e-signature, address look-up, credit bureau, photo-ID ' +
      'verification, bank connection, bank) stand in where no real adapter is configured; off, ' +
      'the server refuses to start while a role lacks one and names what to configure. Refused ' +
      'with `NODE_ENV=production`. While on, every page shows a "demonstration environment" ' +
      'banner ([sandbox.md](sandbox.md))',
  },
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: {
    group: 'sessions',
    schema: z.coerce.number().int().min(1).max(1_000_000).default(20),
    description: 'accounts one client address may create in an hour',
  },
  PASSWORD_HASH_CONCURRENCY: {
    group: 'sessions',
    schema: z.coerce.number().int().min(1).max(64).default(2),
    description: "argon2 hashes run at once (libuv's threadpool has 4 threads)",
  },
  PASSWORD_HASH_QUEUE: {
    group: 'sessions',
    schema: z.coerce.number().int().min(0).max(10_000).default(64),
    description:
      'hashes that may wait; past that, sign-in and registration answer 429 `busy` with ' +
      '`Retry-After` (not counted as a failed sign-in)',
  },
  ACCESS_TOKEN_IDLE_SECONDS: {
    group: 'sessions',
    schema: z.coerce.number().int().min(5).max(86_400).default(900),
    description: 'an access token dies after this long unused (15 minutes)',
  },
  // Fractions allowed (0.5 is 30 s) so the end-to-end tests can watch a session expire.
  SESSION_IDLE_MINUTES: {
    group: 'sessions',
    schema: z.coerce
      .number()
      .min(0.25)
      .max(24 * 60)
      .default(60),
    description:
      'a sign-in session dies after this long without a call; the client warns two minutes ' +
      'before. Longer than the 30 minutes of NIST AAL2 ([security.md](security.md), G4)',
  },
  SESSION_MAX_HOURS: {
    group: 'sessions',
    schema: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(12),
    description: 'a sign-in session never lasts longer than this, however busy',
  },
  SEED_DEMO_USERS: {
    group: 'data',
    schema: booleanFlag.optional(),
    default: '`true` on the embedded database, `false` with `DATABASE_URL`',
    description:
      'seed the demo users of the [README](../README.md#demo-users) at start. Refused with ' +
      '`NODE_ENV=production`: their password and authenticator secrets are public',
  },
  APP_SECRET: {
    group: 'data',
    schema: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
    default: 'random, drawn at each start',
    values: 'at least 32 characters',
    description:
      'keys the hashes that must agree across instances (error-report senders, the API rate ' +
      "limit's senders, the sandbox vendors' webhook signatures). Set it, the same on each, when " +
      'running several instances',
    secret: true,
  },
  // Checked in loadConfig, so that no message ever repeats the key.
  DATA_ENCRYPTION_KEY: {
    group: 'data',
    schema: z.string().optional(),
    default: 'a key generated once into `DATA_DIR/encryption.key` (mode 0600)',
    values:
      '32 bytes as base64 (`openssl rand -base64 32`) or 64 hexadecimal characters (the key ' +
      '`k1`), or a key ring `id:key,id:key` with the current key first (ADR 0043)',
    description:
      'encrypts SINs, TINs, documents and other personal data at rest, and keys their hashes ' +
      '(ADR 0008). **Required with `DATABASE_URL`**, the same on every instance; back it up ' +
      'apart from the database: what it encrypted cannot be read without it. To rotate, put a ' +
      'new key first in a ring and keep the old ones until `npm run keys:status` says nothing ' +
      'uses them',
    secret: true,
  },
  NODE_ENV: {
    group: 'running',
    schema: z.string().optional(),
    default: '(unset)',
    values: '`production`, `development`, `test`',
    description:
      '`production` refuses the sandbox vendors and `SEED_DEMO_USERS=true`, so every vendor ' +
      'role must be configured (the credit bureau may be `none`); ' +
      '`development` or `test` lets a single server on `DATABASE_URL` run without ' +
      '`DATA_ENCRYPTION_KEY`, using the key file in `DATA_DIR`',
  },
  // The real vendors' providers and settings (issue 33), in a module of their own.
  ...vendorVariables,
  // The bank role's payment files (issue 35), in a module of their own.
  ...paymentFilesVariables,
  // Retention and abandoned applications (issue 36), in a module of their own.
  ...retentionVariables,
  // Metrics' own port and the OpenTelemetry variables (issue 36), in a module of their own.
  ...telemetryVariables,
  PUBLIC_URL: {
    group: 'running',
    schema: z.url({ protocol: /^https?$/ }).optional(),
    default:
      '`http://localhost:PORT` when `HOST` is a loopback or wildcard address, else ' +
      '`http://HOST:PORT`',
    values: 'an http or https URL (`https://portal.example.ca`)',
    description:
      'the address people reach the site at: links in mail and every absolute redirect come ' +
      'from it, never from the `Host` header. A page opened at another host ' +
      '(`http://127.0.0.1:8080` when it names `localhost`) moves there, so a proxy in front ' +
      "must pass the browser's `Host` (or `X-Forwarded-Host`). Also chooses the flag " +
      'environment when `FLAG_ENVIRONMENT` is unset',
  },
  FLAG_ENVIRONMENT: {
    group: 'product',
    schema: z.enum(flagEnvironments).optional(),
    default: "from `PUBLIC_URL`'s host",
    description:
      "the feature-flag environment (spec section 6, ADR 0017); unset, `PUBLIC_URL`'s host " +
      'chooses it: loopback is `local`, a `demo`, `staging` or `test`/`qa`/`uat` label that ' +
      'environment, any other name `production`. Flags live in ' +
      '`apps/server/flags/<environment>.json`; `bypass-qualId` is on only in `demo`, and so ' +
      "is `demo-auth-codes` (`PUT coAuthCode/{code}` answers the spec's demo codes 2000, " +
      '4010, 4030 and 4040 with 200, 401, 403 and 404, changing nothing)',
  },
  SANDBOX_WEBHOOK_POLL_MS: {
    group: 'vendors',
    schema: z.coerce.number().int().min(0).max(60_000).default(500),
    description:
      "how often the sandbox vendors' decisions are delivered to the product as signed webhooks " +
      '(ADR 0018); `0` turns it off',
  },
  BUREAU_MAINTENANCE_WINDOWS: {
    group: 'vendors',
    schema: booleanFlag.optional(),
    default: '`true`',
    description:
      "whether the credit bureau's weekly maintenance windows (spec section 8) close the " +
      'credit-file check; the end-to-end servers set `false` so the journeys pass identity at ' +
      'any hour',
  },
  CO_AUTH_CODE_TTL_SECONDS: {
    group: 'product',
    schema: z.coerce.number().int().min(1).max(86_400).optional(),
    default: `\`${CO_AUTH_CODE_VALIDITY_MS / 1000}\``,
    description:
      "how long the joint applicant's four-digit code works (the spec's 24 hours); shorter " +
      'only for tests',
  },
  EXPRESS_INVITATION_TTL_SECONDS: {
    group: 'product',
    schema: z.coerce
      .number()
      .int()
      .min(10)
      .max(90 * 86_400)
      .optional(),
    default: `\`${EXPRESS_INVITATION_TTL_SECONDS}\``,
    description:
      "how long an advisor's express invitation link works (7 days); shorter only for tests",
  },
  EXTERNAL_REDIRECT_ORIGINS: {
    group: 'vendors',
    schema: externalRedirectOriginsSchema,
    default: '(none)',
    values: 'origins, comma-separated (`https://auth.vendor.example`)',
    description:
      "origins besides ours that `#/externalRedirect?href=` may leave for: the vendors' " +
      'authorize pages. Each must be an origin only (no path), over https (http only on ' +
      'loopback); anything else stops the start. Any other address goes to the error page',
  },
  // An empty value counts as unset (compose files often write `SMTP_URL=`). Zod's message never
  // repeats the value, which may hold the SMTP password.
  SMTP_URL: {
    group: 'vendors',
    schema: z
      .url({ protocol: /^smtps?$/ })
      .or(z.literal(''))
      .optional(),
    default: '(unset)',
    values: 'a nodemailer SMTP URL (`smtp://user:pass@host:587`, `smtps://...:465`)',
    description:
      'send mail through this relay; unset, every mail goes to the sandbox mailbox (text ' +
      'messages too, unless `SMS_PROVIDER` names a vendor). Needs `MAIL_FROM`',
    secret: true,
  },
  MAIL_FROM: {
    group: 'vendors',
    schema: z
      .string()
      .regex(mailFromPattern, 'MAIL_FROM must be an address or "Name <address>"')
      .or(z.literal(''))
      .optional(),
    default: `\`${defaultMailFrom}\``,
    values: '`address` or `Name <address>`',
    description:
      "the From of every mail; required with `SMTP_URL` (a relay refuses mail from an address it doesn't serve)",
  },
  // Zod's message never repeats the value.
  SANDBOX_MAILBOX_SECRET: {
    group: 'vendors',
    schema: z
      .string()
      .refine((value) => value.trim() === '' || value.trim().length >= 32, {
        message: 'SANDBOX_MAILBOX_SECRET must be at least 32 characters',
      })
      .optional(),
    default:
      "a secret drawn once into `DATA_DIR/sandbox-mailbox.secret` (mode 0600) and shown on `npm start`'s line",
    values: 'at least 32 characters',
    description:
      'the key that opens the sandbox mailbox (header `Sandbox-Mailbox-Secret` for its JSON, ' +
      '`?key=` once for its pages); signed-in staff open it too. Give the same one to every ' +
      'instance on one database; never printed when given',
    secret: true,
  },
  OUTBOX_POLL_MS: {
    group: 'vendors',
    schema: z.coerce.number().int().min(0).max(3_600_000).default(1000),
    description: "how often each instance's outbox sends due mail and SMS; `0` turns it off",
  },
  REQUEST_TIMEOUT_SECONDS: {
    group: 'limits',
    schema: z.coerce.number().int().min(1).max(3600).default(60),
    description: 'a whole request (headers and body) must arrive within this, else 408',
  },
  HEADERS_TIMEOUT_SECONDS: {
    group: 'limits',
    schema: z.coerce.number().int().min(1).max(3600).default(15),
    description: 'the request headers must arrive within this (at most the request timeout)',
  },
  UPLOAD_QUOTA_MB: {
    group: 'limits',
    schema: z.coerce.number().int().min(1).max(1_000_000).default(200),
    description:
      'documents one person may store in all; past it an upload answers 409 `storageQuotaExceeded`',
  },
  AUTH_CACHE_SECONDS: {
    group: 'sessions',
    schema: z.coerce.number().min(0).max(300).default(5),
    description:
      'how long a checked access token is answered from memory without a database read; ' +
      'sign-out, password changes and ended sessions evict it at once on every instance ' +
      '(PostgreSQL `LISTEN/NOTIFY`, ADR 0025); `0` reads the database on every call',
  },
  AUDIT_ANCHOR_FILE: {
    group: 'data',
    schema: z.string().min(1).optional(),
    default: '`DATA_DIR/audit-anchors.jsonl`',
    values: 'a file path',
    description:
      "the audit chain's copy outside the database (ADR 0040): each link's hash and each head, " +
      'appended, never rewritten. Put it where the database roles cannot write (another volume, ' +
      'append-only); `npm run audit:verify` checks the database against it',
  },
  AUDIT_ANCHOR_KEY: {
    group: 'data',
    schema: z.string().min(32).optional(),
    values: 'at least 32 characters',
    description:
      "the key of the anchor lines' HMAC, held outside the database: an anchor log edited " +
      'without it is named by `npm run audit:verify`; without the key the lines carry no MAC',
    secret: true,
  },
  AUDIT_CHAIN_POLL_MS: {
    group: 'data',
    schema: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    description:
      'how often each instance links new audit events into the chain and appends them to the ' +
      'anchor log; `0` turns it off',
  },
  METRICS_TOKEN: {
    group: 'running',
    schema: z.string().min(32).optional(),
    values: 'at least 32 characters',
    description:
      'the bearer token Prometheus sends to scrape `GET /metrics` on each instance (requests by ' +
      'route template, latency, job passes and lag, outbox backlog); without it `/metrics` ' +
      'answers 404',
    secret: true,
  },
  SHUTDOWN_DRAIN_MS: {
    group: 'running',
    schema: z.coerce.number().int().min(0).max(120_000).default(0),
    description:
      'on SIGTERM, how long the server keeps answering while `/healthz/ready` says 503, so the ' +
      'proxy or load balancer stops sending it requests before it closes (for example 5000 ' +
      'behind one that checks every few seconds)',
  },
  SHUTDOWN_TIMEOUT_MS: {
    group: 'running',
    schema: z.coerce.number().int().min(1000).max(600_000).default(25_000),
    description:
      'on SIGTERM, the longest the whole shutdown may take (draining, requests in flight, jobs, ' +
      'database pools) before the process exits anyway with code 1; keep it below the ' +
      "platform's own grace period",
  },
  PGLITE_QUEUE_WAIT_MS: {
    group: 'limits',
    schema: z.coerce.number().int().min(1).max(600_000).default(2000),
    description:
      'embedded database only: a request that waited longer than this for its turn answers 503 ' +
      '`busy` with `Retry-After`',
  },
  PGLITE_ACTIVE_REQUESTS: {
    group: 'limits',
    schema: z.coerce.number().int().min(1).max(1000).default(4),
    description:
      'embedded database only: requests that use it at once; the others wait in arrival order, ' +
      'admitted one per turn of the event loop (ADR 0025)',
  },
  RIF_QUEBEC_EXCESS_PERCENT: {
    group: 'product',
    schema: z.coerce.number().min(0).max(100).optional(),
    default: `\`${QUEBEC_RRIF_EXCESS_PERCENT_UNCONFIRMED}\``,
    description:
      "Quebec's withholding part on RRIF payments above the minimum; an unconfirmed default: " +
      "set Revenu Québec's rate (ADR 0022)",
  },
  LIF_BOND_RATE_PERCENT: {
    group: 'product',
    schema: z.coerce.number().min(0).max(100).optional(),
    default: `\`${LIF_BOND_RATE_PERCENT_UNCONFIRMED}\``,
    description:
      "last November's long Government of Canada bond yield (CANSIM V122487) for the LIF " +
      "maximum's formula; an unconfirmed default: set it yearly (ADR 0022)",
  },
  RATE_LIMIT_REQUESTS_PER_MINUTE: {
    group: 'limits',
    schema: rateLimitSchema(defaultApiRateLimits.requestsPerMinute),
    description:
      'API requests (`/service/jaxrs`) one signed-in person may send a minute; past it 429 ' +
      '`rateLimited` with `Retry-After`. Webhooks, `/healthz`, the sign-in pages and the ' +
      'sandboxes are not counted. On PostgreSQL each instance counts in memory and shares its ' +
      'counts once a second, so the limit holds across instances (ADR 0030); on the embedded ' +
      'database, in memory',
  },
  RATE_LIMIT_WRITES_PER_MINUTE: {
    group: 'limits',
    schema: rateLimitSchema(defaultApiRateLimits.writesPerMinute),
    description: 'of those, the state-changing ones (POST, PUT, PATCH, DELETE) a minute',
  },
  RATE_LIMIT_APPLICATIONS_PER_HOUR: {
    group: 'limits',
    schema: rateLimitSchema(defaultApiRateLimits.applicationsPerHour),
    description:
      'new applications (`POST applications`) one person may start an hour; past it 429 ' +
      '`tooManyNewApplications`',
  },
  RATE_LIMIT_ADDRESS_FACTOR: {
    group: 'limits',
    schema: z.coerce.number().int().min(1).max(1000).default(defaultApiRateLimits.addressFactor),
    description:
      'a caller without a token is counted by address and allowed this many times each limit above',
  },
} as const satisfies Record<string, VariableDefinition>;

export type ServerVariableName = keyof typeof serverVariables;

type SchemaShape = { [Name in ServerVariableName]: (typeof serverVariables)[Name]['schema'] };

function schemaShape(): SchemaShape {
  return Object.fromEntries(
    Object.entries(serverVariables).map(([name, variable]) => [name, variable.schema]),
  ) as SchemaShape;
}

/** Every environment variable the server reads, parsed; documented in docs/configuration.md. */
export const environmentSchema = z.object(schemaShape());
export type Environment = z.infer<typeof environmentSchema>;
