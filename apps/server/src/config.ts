import { CO_AUTH_CODE_VALIDITY_MS } from '@portal/domain';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { parseDataKey, type DataKeySource } from './lib/crypto/data-key.ts';
import { defaultSecurityPolicy, type SecurityPolicy } from './modules/security/security-policy.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type DatabaseConfig =
  { driver: 'pglite'; dataDir: string | null } | { driver: 'postgres'; url: string };

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Folder of the built web client; the server serves it at `/` when it exists. */
  webDistDir: string;
  /** Trust X-Forwarded-* from a load balancer in front of several instances. */
  trustProxy: boolean;
  security: SecurityPolicy;
  /** Seed the demo users of the README (always with the embedded database). */
  seedDemoUsers: boolean;
  /** Keys hashes that must agree across instances (for example rate-limit senders). */
  appSecret: string;
  /**
   * The data-encryption key (ADR 0008). `loadConfig` always sets it; a configuration built in
   * code without it (the tests) encrypts with a key derived from `appSecret`.
   */
  dataKey?: DataKeySource;
  /** Which address-lookup vendor answers `addressLookup/*`; the sandbox when absent. */
  addressLookupProvider?: AddressLookupProviderName;
  /**
   * The address people reach this site at, for links in mail (`https://portal.example.ca`);
   * `http://HOST:PORT` when absent.
   */
  publicUrl?: string;
  /**
   * How long the joint applicant's code works, in ms: the spec's 24 hours unless set (a
   * shorter time serves the tests of an expired code).
   */
  coAuthCodeValidityMs?: number;
  /** Spec section 6 feature flags; each defaults as documented in the README. */
  featureFlags?: Partial<FeatureFlags>;
  /**
   * Mail and SMS (the outbox). `loadConfig` always sets it; a configuration built in code without
   * it (the tests) uses the sandbox mailbox and does not poll: tests call `app.outbox.runOnce()`.
   */
  mail?: Partial<MailConfig>;
  /** How long a whole request (headers and body) may take to arrive, in ms; 60 s unless set. */
  requestTimeoutMs?: number;
  /** How long the request headers may take to arrive, in ms; 15 s unless set. */
  headersTimeoutMs?: number;
  /** How many bytes of documents one person may store in all; 200 MB unless set. */
  uploadQuotaBytes?: number;
}

/** How mail and SMS leave the outbox. */
export interface MailConfig {
  /**
   * nodemailer's SMTP connection URL (`smtps://user:pass@host:465`); without it every message
   * goes to the sandbox mailbox. It holds a password: never log it.
   */
  smtpUrl?: string;
  /** The From of every mail. */
  from: string;
  /** How often the dispatcher looks for due messages; 0 turns it off. */
  pollMs: number;
}

export const defaultMailFrom = 'Laurentide Investing <no-reply@laurentide.example>';

/**
 * The mail settings with their defaults, and whether the sandbox mailbox (transport and pages
 * under `/sandbox/mailbox`) is in use: exactly when no SMTP server is configured.
 */
export function mailConfigOf(
  config: Pick<AppConfig, 'mail'>,
): MailConfig & { sandboxMailbox: boolean } {
  const mail = config.mail ?? {};
  return {
    ...(mail.smtpUrl ? { smtpUrl: mail.smtpUrl } : {}),
    from: mail.from ?? defaultMailFrom,
    pollMs: mail.pollMs ?? 0,
    sandboxMailbox: !mail.smtpUrl,
  };
}

/** Spec section 6: `bypass-qualId` lets an application pass identity verification. */
export interface FeatureFlags {
  bypassQualId: boolean;
}

/** Until identity verification lands (its own issue), applications pass it. */
export const defaultFeatureFlags: FeatureFlags = { bypassQualId: true };

export function featureFlagsOf(config: Pick<AppConfig, 'featureFlags'>): FeatureFlags {
  return { ...defaultFeatureFlags, ...config.featureFlags };
}

export function codeValidityMsOf(config: Pick<AppConfig, 'coAuthCodeValidityMs'>): number {
  return config.coAuthCodeValidityMs ?? CO_AUTH_CODE_VALIDITY_MS;
}

/**
 * A slow client may not hold a connection open indefinitely by trickling its request (a
 * slowloris attack): the headers must arrive within 15 s and the whole request within 60 s
 * (a 10 MB upload needs an upstream of about 1.4 Mbit/s for that). Node requires the headers'
 * time not to exceed the request's, so it is capped there.
 */
export function timeoutsOf(config: Pick<AppConfig, 'requestTimeoutMs' | 'headersTimeoutMs'>): {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
} {
  const requestTimeoutMs = config.requestTimeoutMs ?? 60_000;
  return {
    requestTimeoutMs,
    headersTimeoutMs: Math.min(config.headersTimeoutMs ?? 15_000, requestTimeoutMs),
  };
}

/** 200 MB: ten full 10 MB documents for each of a couple of applications, with room to spare. */
export const defaultUploadQuotaBytes = 200 * 1024 * 1024;

export function uploadQuotaBytesOf(config: Pick<AppConfig, 'uploadQuotaBytes'>): number {
  return config.uploadQuotaBytes ?? defaultUploadQuotaBytes;
}

/** The site's own address for links in mail, without a trailing slash. */
export function publicUrlOf(config: Pick<AppConfig, 'publicUrl' | 'host' | 'port'>): string {
  return (config.publicUrl ?? `http://${config.host}:${config.port}`).replace(/\/+$/, '');
}

export const addressLookupProviderNames = ['sandbox'] as const;
export type AddressLookupProviderName = (typeof addressLookupProviderNames)[number];

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** `no-reply@bank.example` or `Laurentide Investing <no-reply@bank.example>`. */
const mailFromPattern = /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

/** Every environment variable the server reads; each is documented in the README. */
const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  TRUST_PROXY: booleanFlag.default(false),
  ACCESS_TOKEN_IDLE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  SEED_DEMO_USERS: booleanFlag.optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  // Checked below, so that no message ever repeats the key.
  DATA_ENCRYPTION_KEY: z.string().optional(),
  NODE_ENV: z.string().optional(),
  ADDRESS_LOOKUP_PROVIDER: z.enum(addressLookupProviderNames).default('sandbox'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  FEATURE_BYPASS_QUALID: booleanFlag.optional(),
  CO_AUTH_CODE_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  // An empty value counts as unset (compose files often write `SMTP_URL=`). Zod's message never
  // repeats the value, which may hold the SMTP password.
  SMTP_URL: z
    .url({ protocol: /^smtps?$/ })
    .or(z.literal(''))
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(mailFromPattern, 'MAIL_FROM must be an address or "Name <address>"')
    .or(z.literal(''))
    .optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(200),
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Where the key to encrypt SINs, account numbers and documents comes from (ADR 0008). */
function dataKeyFrom(env: z.infer<typeof environmentSchema>): DataKeySource {
  if (env.DATA_ENCRYPTION_KEY !== undefined && env.DATA_ENCRYPTION_KEY.trim() !== '') {
    const key = parseDataKey(env.DATA_ENCRYPTION_KEY);
    if (!key) {
      throw new ConfigError(
        'Invalid configuration: DATA_ENCRYPTION_KEY must be 32 bytes written as base64 or as ' +
          '64 hexadecimal characters (for example the output of `openssl rand -base64 32`)',
      );
    }
    return { kind: 'given', key };
  }
  // A key generated into one instance's folder would leave the others unable to read what it
  // encrypted: with a shared PostgreSQL the key must be given, except on a developer's machine.
  const developing = env.NODE_ENV === 'development' || env.NODE_ENV === 'test';
  if (env.DATABASE_URL && !developing) {
    throw new ConfigError(
      'Invalid configuration: DATA_ENCRYPTION_KEY is required with DATABASE_URL (every instance ' +
        'must encrypt with the same key); generate one with `openssl rand -base64 32`, or set ' +
        'NODE_ENV=development to use a key file in DATA_DIR on a single development instance',
    );
  }
  return { kind: 'file', path: path.resolve(env.DATA_DIR, 'encryption.key') };
}

/** Parses the environment once at start; an invalid value stops the server with a clear reason. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${reasons.join('; ')}`);
  }
  const env = parsed.data;
  // A relay refuses, or worse silently drops, mail from an address it does not serve: with a
  // real SMTP server the sender must be chosen, not defaulted.
  if (env.SMTP_URL && !env.MAIL_FROM) {
    throw new ConfigError('Invalid configuration: MAIL_FROM is required with SMTP_URL');
  }
  return {
    port: env.PORT,
    host: env.HOST,
    database: env.DATABASE_URL
      ? { driver: 'postgres', url: env.DATABASE_URL }
      : { driver: 'pglite', dataDir: path.resolve(env.DATA_DIR, 'pglite') },
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    trustProxy: env.TRUST_PROXY,
    security: {
      ...defaultSecurityPolicy,
      accessTokenIdleMs: env.ACCESS_TOKEN_IDLE_SECONDS * 1000,
      sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
      sessionMaxMs: env.SESSION_MAX_HOURS * 3_600_000,
    },
    seedDemoUsers: env.SEED_DEMO_USERS ?? !env.DATABASE_URL,
    // Without one, each instance draws its own: fine for one instance, documented for many.
    appSecret: env.APP_SECRET ?? randomBytes(32).toString('base64url'),
    dataKey: dataKeyFrom(env),
    addressLookupProvider: env.ADDRESS_LOOKUP_PROVIDER,
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    ...(env.CO_AUTH_CODE_TTL_SECONDS !== undefined && {
      coAuthCodeValidityMs: env.CO_AUTH_CODE_TTL_SECONDS * 1000,
    }),
    featureFlags: {
      ...(env.FEATURE_BYPASS_QUALID !== undefined && { bypassQualId: env.FEATURE_BYPASS_QUALID }),
    },
    mail: {
      ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
      from: env.MAIL_FROM || defaultMailFrom,
      pollMs: env.OUTBOX_POLL_MS,
    },
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    headersTimeoutMs: env.HEADERS_TIMEOUT_SECONDS * 1000,
    uploadQuotaBytes: env.UPLOAD_QUOTA_MB * 1024 * 1024,
  };
}
