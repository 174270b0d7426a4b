// Past 600 lines: the one typed view of the whole environment (AppConfig) and the rules that
// build it; each vendor's own parsing lives beside it (config-payment-files.ts, ...).
import {
  CO_AUTH_CODE_VALIDITY_MS,
  safeFlagDefaults,
  type FeatureFlagName,
  type FeatureFlagValues,
  type FlagEnvironment,
} from '@portal/domain';
import { QUEBEC_RRIF_EXCESS_PERCENT_UNCONFIRMED } from '@portal/domain/rif/withholding';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  missingPaymentFilesSettings,
  paymentFilesRefusal,
  paymentFilesSettingsOf,
} from './config-payment-files.ts';
import { retentionSettingsOf, type RetentionSettings } from './config-retention.ts';
import { requiredVendorSettings } from './config-vendor-variables.ts';
import {
  defaultMailFrom,
  environmentSchema,
  serverVariables,
  LIF_BOND_RATE_PERCENT_UNCONFIRMED,
  type ApiRateLimits,
  type Environment,
} from './config-variables.ts';
import { givenDataKey } from './config-data-keys.ts';
import type { DataKeySource } from './lib/crypto/data-key.ts';
import { derivedWebhookSecret } from './lib/webhooks/webhook-signature.ts';
import type { MailboxSecretSource } from './modules/outbox/sandbox-mailbox-access.ts';
import type { PaymentFilesSettings } from './providers/bank/payment-files-settings.ts';
import { defaultSecurityPolicy, type SecurityPolicy } from './modules/security/security-policy.ts';

// The variables' definitions sit in config-variables.ts (they generate docs/configuration.md);
// these are part of the configuration's contract, which the rest of the server imports from here.
export {
  defaultApiRateLimits,
  defaultMailFrom,
  type AddressLookupProviderName,
  type ApiRateLimits,
} from './config-variables.ts';

/** ADDRESS_LOOKUP_PROVIDER and, for Canada Post, its key, address and time limit. */
export type AddressLookupSettings =
  | { provider: 'sandbox' }
  | { provider: 'canadapost'; key: string; baseUrl: string; timeoutMs: number };

/** SMS_PROVIDER and, for Twilio, its account, sender, address and time limit. */
export type SmsSettings =
  | { provider: 'sandbox' }
  | {
      provider: 'twilio';
      accountSid: string;
      authToken: string;
      sender: { from: string } | { messagingServiceSid: string };
      apiBaseUrl: string;
      timeoutMs: number;
    };

/** ESIGN_PROVIDER and, for DocuSign, its JWT grant, account, Connect keys and time limit. */
export type EsignSettings =
  | { provider: 'sandbox' }
  | {
      provider: 'docusign';
      integrationKey: string;
      userId: string;
      privateKey: string;
      authServer: string;
      accountId?: string;
      connectHmacKeys: readonly string[];
      timeoutMs: number;
    };

/** CREDIT_BUREAU_PROVIDER: the bureau asking the credit-file questions, or none. */
export type CreditBureauSettings = { provider: 'sandbox' } | { provider: 'none' };

/** IDENTITY_DOCUMENT_PROVIDER and, for Onfido, its tokens, region and time limit. */
export type IdentityDocumentSettings =
  | { provider: 'sandbox' }
  | {
      provider: 'onfido';
      apiToken: string;
      webhookToken: string;
      region: 'ca' | 'eu' | 'us';
      apiBaseUrl?: string;
      timeoutMs: number;
    };

/** BANK_CONNECTION_PROVIDER and, for Flinks, its instance, keys, time limit and keeping. */
export type BankConnectionSettings =
  | { provider: 'sandbox' }
  | {
      provider: 'flinks';
      customerId: string;
      apiBaseUrl: string;
      connectUrl: string;
      apiKey: string;
      secretKey: string;
      timeoutMs: number;
      keepConnection: boolean;
    };

export type DatabaseConfig =
  | {
      driver: 'pglite';
      dataDir: string | null;
      /**
       * An in-memory database starts as a copy of this dumped data directory (the tests: one
       * migrated, seeded template per run instead of initdb and every migration per test app).
       */
      template?: Blob;
    }
  | {
      driver: 'postgres';
      url: string;
      /**
       * The owner role's connection, for migrations and seeds only (issue 36, ADR 0041): the
       * server then runs as `url`'s role, which owns nothing. Absent: `url` migrates too.
       */
      migrationUrl?: string;
    };

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Folder of the built web client; the server serves it at `/` when it exists. */
  webDistDir: string;
  /**
   * The load balancers whose `X-Forwarded-*` headers are believed (addresses or CIDR ranges);
   * `false` believes none, so the socket's address is the client's.
   */
  trustProxy: false | readonly string[];
  /**
   * Simulated vendors (architecture: sandbox vendors) may stand in for any vendor role. `true`
   * unless set (the tests, the embedded database); `loadConfig` decides it from SANDBOX_VENDORS.
   */
  sandboxVendors?: boolean;
  /** The bounded queue in front of argon2 (issue 11): at most this many hashes at once. */
  passwordHashing?: { maxConcurrent: number; maxQueued: number };
  security: SecurityPolicy;
  /** Seed the demo users the README lists (by default with the embedded database). */
  seedDemoUsers: boolean;
  /** Keys hashes that must agree across instances (for example rate-limit senders). */
  appSecret: string;
  /**
   * The data-encryption key (ADR 0008). `loadConfig` always sets it; a configuration built in
   * code without it (the tests) encrypts with a key derived from `appSecret`.
   */
  dataKey?: DataKeySource;
  /** Which address-lookup vendor answers `addressLookup/*`; the sandbox when absent. */
  addressLookup?: AddressLookupSettings;
  /** Who sends text messages; the sandbox mailbox when absent. */
  sms?: SmsSettings;
  /** Who holds the envelopes people sign; the sandbox ceremony when absent. */
  esign?: EsignSettings;
  /** Who checks photo IDs and selfies; the sandbox when absent. */
  identityDocument?: IdentityDocumentSettings;
  /** Who connects bank accounts on the funding step; the sandbox frame when absent. */
  bankConnection?: BankConnectionSettings;
  /** The credit bureau; none means the credit-file method is not offered. Sandbox when absent. */
  creditBureau?: CreditBureauSettings;
  /**
   * The bank role (issue 35): payment files to the sandbox bank or, with BANK_PROVIDER=cpa005,
   * a real one. `loadConfig` always sets it (the sandbox's folders under DATA_DIR by default);
   * a configuration built in code without it (the tests) leaves the role to the sandbox bank.
   */
  paymentFiles?: PaymentFilesSettings;
  /**
   * How often the sandbox vendors' webhooks are delivered, in ms (ADR 0018). `loadConfig` sets
   * SANDBOX_WEBHOOK_POLL_MS (500 by default); a configuration built in code without it (the
   * tests) does not poll: tests call `app.sandboxWebhooks.runOnce(now)`.
   */
  sandboxWebhookPollMs?: number;
  /**
   * Whether the credit bureau's weekly maintenance windows (spec section 8) close the credit-file
   * check; true unless `BUREAU_MAINTENANCE_WINDOWS=false`, which only the end-to-end servers set:
   * their journeys must not fail for running at the wrong hour.
   */
  bureauMaintenanceWindows?: boolean;
  /**
   * The secret each vendor role signs its webhooks with (`esign`, `identity`, ...); a role
   * without one (every sandbox) uses a secret derived from `appSecret`.
   */
  webhookSecrets?: Readonly<Record<string, string>>;
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
  /**
   * How long an advisor's express invitation link works, in seconds (issue 17): the domain's
   * EXPRESS_INVITATION_TTL_SECONDS (7 days) unless `EXPRESS_INVITATION_TTL_SECONDS` is set.
   */
  expressInvitationTtlSeconds?: number;
  /**
   * Origins outside our own that `#/externalRedirect?href=` may leave for (issue 17): the
   * vendors' authorize pages. From `EXTERNAL_REDIRECT_ORIGINS`; empty: our own origin only.
   */
  externalRedirectOrigins?: string[];
  /**
   * The flag environment (spec section 6); from the host name of `publicUrl` when absent
   * (`FLAG_ENVIRONMENT` sets it).
   */
  flagEnvironment?: FlagEnvironment;
  /**
   * Flags that win over the environment's flag file (the tests switch flags this way); once
   * `buildApp` has evaluated them, every flag in force.
   */
  featureFlags?: Partial<FeatureFlags>;
  /**
   * Mail and SMS (the outbox). `loadConfig` always sets it; a configuration built in code without
   * it (the tests) uses the sandbox mailbox and does not poll: tests call `app.outbox.runOnce()`.
   */
  mail?: Partial<MailConfig>;
  /**
   * The sandbox mailbox's secret (issue 30): `SANDBOX_MAILBOX_SECRET`, else one generated once
   * into `DATA_DIR/sandbox-mailbox.secret`. `loadConfig` always sets it; a configuration built in
   * code without it derives one from `appSecret`.
   */
  sandboxMailboxSecret?: MailboxSecretSource;
  /** How long a whole request (headers and body) may take to arrive, in ms; 60 s unless set. */
  requestTimeoutMs?: number;
  /** How long the request headers may take to arrive, in ms; 15 s unless set. */
  headersTimeoutMs?: number;
  /** How many bytes of documents one person may store in all; 200 MB unless set. */
  uploadQuotaBytes?: number;
  /**
   * How long a checked bearer token is answered from memory, in ms (ADR 0025); 0 or absent (the
   * tests built in code) reads the database on every call. `AUTH_CACHE_SECONDS`, 5 by default.
   */
  authCacheMs?: number;
  /**
   * The embedded database's admission queue (ADR 0025): at most `maxActive` requests use it at
   * once, the others wait in arrival order, and one waiting longer than `maxWaitMs` is answered
   * 503 with Retry-After. Absent (the tests built in code): no queue.
   */
  pgliteQueue?: { maxActive: number; maxWaitMs: number };
  /**
   * SIGTERM (issue 36): how long the instance drains (ready says 503, requests still answered)
   * and the bound on the whole shutdown. Absent (the tests built in code): no drain, 25 s.
   */
  shutdown?: { drainMs: number; timeoutMs: number };
  /**
   * The audit chain's anchor log (issue 36, ADR 0040). Absent (the tests built in code): the
   * chain job does not run on its own.
   */
  auditAnchor?: { file: string; key?: string; pollMs: number };
  /** Retention and abandoned applications (issue 36, ADR 0044); absent (tests): no polling. */
  retention?: RetentionSettings;
  /** The scraper's bearer token for `/metrics` (issue 36); absent: `/metrics` answers 404. */
  metricsToken?: string;
  /** `/metrics` also on a listener of its own (METRICS_PORT, METRICS_HOST; issue 36). */
  metricsListener?: { port: number; host: string };
  /** The RRIF payout rates the research could not confirm (ADR 0022); defaults when absent. */
  rif?: Partial<RifRates>;
  /**
   * The API's rate limits (issue 30, security.md G10). `loadConfig` always sets them (the
   * RATE_LIMIT_* variables over `defaultApiRateLimits`); a configuration built in code without
   * them (the tests, which sign up many people from 127.0.0.1) limits nothing.
   */
  rateLimits?: ApiRateLimits;
}

/**
 * Rates of RRIF payouts that change or that the research could not confirm (ADR 0022): Quebec's
 * withholding part on the excess over the minimum, and last November's long Government of
 * Canada bond yield used by the LIF maximum's formula for its first 15 years.
 */
export interface RifRates {
  quebecExcessPercent: number;
  lifBondRatePercent: number;
}

export function rifRatesOf(config: Pick<AppConfig, 'rif'>): RifRates {
  return {
    quebecExcessPercent: config.rif?.quebecExcessPercent ?? QUEBEC_RRIF_EXCESS_PERCENT_UNCONFIRMED,
    lifBondRatePercent: config.rif?.lifBondRatePercent ?? LIF_BOND_RATE_PERCENT_UNCONFIRMED,
  };
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

/**
 * Spec section 6 feature flags as the server code reads them (ADR 0017): `bypass-qualId` lets
 * an application pass identity verification, `rrif-funding-enabled` offers RRIF payouts,
 * `disable-w9-esign-enabled` takes a U.S. person's W-9 out of the e-sign envelope.
 */
export interface FeatureFlags {
  bypassQualId: boolean;
  rrifFundingEnabled: boolean;
  disableW9EsignEnabled: boolean;
  /** PUT coAuthCode answers the spec's demo codes (issue 17); on only in the demo flag file. */
  demoAuthCodes: boolean;
}

const flagNameOf = {
  bypassQualId: 'bypass-qualId',
  rrifFundingEnabled: 'rrif-funding-enabled',
  disableW9EsignEnabled: 'disable-w9-esign-enabled',
  demoAuthCodes: 'demo-auth-codes',
} as const satisfies Record<keyof FeatureFlags, FeatureFlagName>;

/** The spec's names of the given flags (OpenFeature's keys). */
export function specFlagValues(flags: Partial<FeatureFlags>): Partial<FeatureFlagValues> {
  return Object.fromEntries(
    (Object.keys(flags) as (keyof FeatureFlags)[]).map((key) => [flagNameOf[key], flags[key]]),
  );
}

/** The server's flags from the spec's names. */
export function featureFlagsFrom(values: FeatureFlagValues): FeatureFlags {
  return {
    bypassQualId: values[flagNameOf.bypassQualId],
    rrifFundingEnabled: values[flagNameOf.rrifFundingEnabled],
    disableW9EsignEnabled: values[flagNameOf.disableW9EsignEnabled],
    demoAuthCodes: values[flagNameOf.demoAuthCodes],
  };
}

/**
 * The flags in force. `buildApp` evaluates the environment's flag file through OpenFeature and
 * hands the routes a configuration holding every flag; anything else (a route registered on
 * its own in a test) gets the safe defaults: identity verified, nothing optional on.
 */
export function featureFlagsOf(config: Pick<AppConfig, 'featureFlags'>): FeatureFlags {
  return { ...featureFlagsFrom(safeFlagDefaults), ...config.featureFlags };
}

/** The secret shared with the vendor of `role` for its webhooks (ADR 0018). */
export function webhookSecretOf(
  config: Pick<AppConfig, 'webhookSecrets' | 'appSecret'>,
  role: string,
): string {
  return config.webhookSecrets?.[role] ?? derivedWebhookSecret(config.appSecret, role);
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

const LOCAL_HOSTS = new Set(['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::']);

/**
 * The site's own address, without a trailing slash: links in mail and every absolute redirect
 * come from it, never from the request's Host header. Unset, it is `http://localhost:PORT` on
 * a developer's machine (the README's address) and `http://HOST:PORT` otherwise.
 */
export function publicUrlOf(config: Pick<AppConfig, 'publicUrl' | 'host' | 'port'>): string {
  const host = LOCAL_HOSTS.has(config.host) ? 'localhost' : config.host;
  return (config.publicUrl ?? `http://${host}:${config.port}`).replace(/\/+$/, '');
}

/** The vendor roles of the architecture's "providers" that the server uses so far. */
export const vendorRoles = {
  mail: 'mail (set SMTP_URL and MAIL_FROM)',
  sms: 'SMS (set SMS_PROVIDER=twilio and its account)',
  esign: 'e-signature (set ESIGN_PROVIDER=docusign and its account)',
  addressLookup: 'address look-up (set ADDRESS_LOOKUP_PROVIDER=canadapost and its key)',
  creditBureau:
    'credit bureau for identity questions (no real adapter yet: set CREDIT_BUREAU_PROVIDER=none ' +
    'to offer the other methods only)',
  documentVerification:
    'photo-ID and selfie verification (set IDENTITY_DOCUMENT_PROVIDER=onfido and its tokens)',
  bankConnection: 'bank connection (set BANK_CONNECTION_PROVIDER=flinks and its keys)',
  bank: 'bank EFT/PAD processing (set BANK_PROVIDER=cpa005 and its PAYMENT_FILES_* settings)',
} as const;
export type VendorRole = keyof typeof vendorRoles;

/** The roles the configuration leaves to a sandbox, given the real adapters built in code. */
export function sandboxedRoles(
  config: Pick<
    AppConfig,
    | 'mail'
    | 'addressLookup'
    | 'sms'
    | 'esign'
    | 'identityDocument'
    | 'creditBureau'
    | 'bankConnection'
    | 'paymentFiles'
  >,
  realAdapters: ReadonlySet<VendorRole> = new Set(),
): VendorRole[] {
  const real = new Set(realAdapters);
  if (config.mail?.smtpUrl) real.add('mail');
  if (config.addressLookup && config.addressLookup.provider !== 'sandbox')
    real.add('addressLookup');
  if (config.sms && config.sms.provider !== 'sandbox') real.add('sms');
  if (config.esign && config.esign.provider !== 'sandbox') real.add('esign');
  if (config.identityDocument && config.identityDocument.provider !== 'sandbox') {
    real.add('documentVerification');
  }
  if (config.bankConnection && config.bankConnection.provider !== 'sandbox') {
    real.add('bankConnection');
  }
  if (config.paymentFiles?.provider === 'cpa005') real.add('bank');
  // No bureau is no simulated vendor: the role is left out, not stood in for.
  if (config.creditBureau?.provider === 'none') real.add('creditBureau');
  return (Object.keys(vendorRoles) as VendorRole[]).filter((role) => !real.has(role));
}

export function sandboxVendorsRefusal(roles: readonly VendorRole[]): string {
  return (
    'Invalid configuration: sandbox vendors are off (SANDBOX_VENDORS is not true), yet these ' +
    `vendor roles have no real adapter: ${roles.map((role) => vendorRoles[role]).join('; ')}. ` +
    'Configure them, or set SANDBOX_VENDORS=true to run with simulated vendors (a demonstration ' +
    'environment; refused when NODE_ENV=production)'
  );
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Where the key to encrypt SINs, account numbers and documents comes from (ADR 0008). */
function dataKeyFrom(env: Environment): DataKeySource {
  if (env.DATA_ENCRYPTION_KEY !== undefined && env.DATA_ENCRYPTION_KEY.trim() !== '') {
    // One key, or a key ring of ADR 0043 (config-data-keys.ts).
    const given = givenDataKey(env.DATA_ENCRYPTION_KEY);
    if (typeof given === 'string') throw new ConfigError(given);
    return given;
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

/**
 * Each secret may be given as a file instead (`NAME_FILE`: a mounted secret, a Docker or
 * Kubernetes secret), read once at start; its last line break is not part of the value. Both
 * forms at once is refused, as is a file that cannot be read (named, never its content). A few
 * long keys that are not secrets (`file: true`, the bank's OpenPGP public key) may be too.
 */
export function withSecretFiles(
  environment: NodeJS.ProcessEnv,
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): NodeJS.ProcessEnv {
  const resolved = { ...environment };
  for (const [name, variable] of Object.entries(serverVariables)) {
    const fromFile =
      ('secret' in variable && variable.secret) || ('file' in variable && variable.file);
    if (!fromFile) continue;
    const file = environment[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (environment[name]?.trim()) {
      throw new ConfigError(
        `Invalid configuration: ${name} and ${name}_FILE are both set; give one`,
      );
    }
    try {
      resolved[name] = read(file).replace(/\r?\n$/, '');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new ConfigError(`Invalid configuration: ${name}_FILE cannot be read (${code})`);
    }
  }
  return resolved;
}

/** A provider chosen without what it needs: every missing variable named. */
function missingVendorSettings(env: Environment): string[] {
  const values: Record<string, unknown> = env;
  return [
    ...requiredVendorSettings
      .filter((required) => values[required.chosenBy] === required.provider)
      .flatMap((required) => required.needs.filter((name) => !values[name])),
    ...missingPaymentFilesSettings(env),
  ];
}

/** Twilio's settings, its sender being exactly one of a number and a Messaging Service. */
function smsSettingsOf(env: Environment): SmsSettings {
  if (env.SMS_PROVIDER !== 'twilio') return { provider: 'sandbox' };
  const from = env.TWILIO_FROM;
  const service = env.TWILIO_MESSAGING_SERVICE_SID;
  if (Boolean(from) === Boolean(service)) {
    throw new ConfigError(
      'Invalid configuration: SMS_PROVIDER=twilio needs exactly one sender: TWILIO_FROM (a ' +
        'Canadian long code or verified toll-free number) or TWILIO_MESSAGING_SERVICE_SID',
    );
  }
  return {
    provider: 'twilio',
    accountSid: env.TWILIO_ACCOUNT_SID ?? '',
    authToken: env.TWILIO_AUTH_TOKEN ?? '',
    sender: from ? { from } : { messagingServiceSid: service ?? '' },
    apiBaseUrl: env.TWILIO_API_URL,
    timeoutMs: env.SMS_TIMEOUT_MS,
  };
}

/** Parses the environment once at start; an invalid value stops the server with a clear reason. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(withSecretFiles(environment));
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
  // Sandboxes are an explicit mode (architecture: sandbox vendors): on by default only for the
  // embedded database, never in production, and never silently standing in for a real vendor.
  const sandboxVendors = env.SANDBOX_VENDORS ?? !env.DATABASE_URL;
  if (sandboxVendors && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: SANDBOX_VENDORS cannot be on when NODE_ENV=production (simulated ' +
        'vendors show codes and links to anyone at /sandbox/*)',
    );
  }
  // The demo users' password and second-factor secrets are printed in the README.
  if (env.SEED_DEMO_USERS && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: SEED_DEMO_USERS cannot be on when NODE_ENV=production (their ' +
        'passwords and authenticator secrets are public in the README)',
    );
  }
  const missing = missingVendorSettings(env);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration: a vendor is chosen without what it needs: set ${missing.join(', ')} ` +
        '(or NAME_FILE for a secret); docs/vendors.md says where each comes from',
    );
  }
  const bankRefusal = paymentFilesRefusal(env);
  if (bankRefusal) throw new ConfigError(`Invalid configuration: ${bankRefusal}`);
  const paymentFiles = paymentFilesSettingsOf(env);
  const mailSettings = { ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}) };
  const addressLookup: AddressLookupSettings =
    env.ADDRESS_LOOKUP_PROVIDER === 'canadapost'
      ? {
          provider: 'canadapost',
          key: env.CANADA_POST_ADDRESSCOMPLETE_KEY ?? '',
          baseUrl: env.CANADA_POST_ADDRESSCOMPLETE_URL,
          timeoutMs: env.ADDRESS_LOOKUP_TIMEOUT_MS,
        }
      : { provider: 'sandbox' };
  const sms = smsSettingsOf(env);
  const esign: EsignSettings =
    env.ESIGN_PROVIDER === 'docusign'
      ? {
          provider: 'docusign',
          integrationKey: env.DOCUSIGN_INTEGRATION_KEY ?? '',
          userId: env.DOCUSIGN_USER_ID ?? '',
          privateKey: env.DOCUSIGN_PRIVATE_KEY ?? '',
          authServer: env.DOCUSIGN_AUTH_SERVER,
          ...(env.DOCUSIGN_ACCOUNT_ID && { accountId: env.DOCUSIGN_ACCOUNT_ID }),
          connectHmacKeys: env.DOCUSIGN_CONNECT_HMAC_KEYS ?? [],
          timeoutMs: env.ESIGN_TIMEOUT_MS,
        }
      : { provider: 'sandbox' };
  const identityDocument: IdentityDocumentSettings =
    env.IDENTITY_DOCUMENT_PROVIDER === 'onfido'
      ? {
          provider: 'onfido',
          apiToken: env.ONFIDO_API_TOKEN ?? '',
          webhookToken: env.ONFIDO_WEBHOOK_TOKEN ?? '',
          region: env.ONFIDO_REGION,
          ...(env.ONFIDO_API_URL && { apiBaseUrl: env.ONFIDO_API_URL }),
          timeoutMs: env.IDENTITY_DOCUMENT_TIMEOUT_MS,
        }
      : { provider: 'sandbox' };
  const creditBureau: CreditBureauSettings = {
    provider: env.CREDIT_BUREAU_PROVIDER ?? (sandboxVendors ? 'sandbox' : 'none'),
  };
  const bankConnection: BankConnectionSettings =
    env.BANK_CONNECTION_PROVIDER === 'flinks'
      ? {
          provider: 'flinks',
          customerId: env.FLINKS_CUSTOMER_ID ?? '',
          apiBaseUrl: env.FLINKS_API_URL ?? '',
          connectUrl: env.FLINKS_CONNECT_URL ?? '',
          apiKey: env.FLINKS_API_KEY ?? '',
          secretKey: env.FLINKS_SECRET_KEY ?? '',
          timeoutMs: env.BANK_CONNECTION_TIMEOUT_MS,
          keepConnection: env.FLINKS_KEEP_CONNECTION,
        }
      : { provider: 'sandbox' };
  const sandboxed = sandboxedRoles({
    paymentFiles,
    bankConnection,
    creditBureau,
    mail: mailSettings,
    addressLookup,
    sms,
    esign,
    identityDocument,
  });
  if (!sandboxVendors && sandboxed.length > 0) {
    throw new ConfigError(sandboxVendorsRefusal(sandboxed));
  }
  return {
    port: env.PORT,
    host: env.HOST,
    database: env.DATABASE_URL
      ? {
          driver: 'postgres',
          url: env.DATABASE_URL,
          ...(env.MIGRATION_DATABASE_URL && { migrationUrl: env.MIGRATION_DATABASE_URL }),
        }
      : { driver: 'pglite', dataDir: path.resolve(env.DATA_DIR, 'pglite') },
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    trustProxy: env.TRUST_PROXY,
    sandboxVendors,
    passwordHashing: {
      maxConcurrent: env.PASSWORD_HASH_CONCURRENCY,
      maxQueued: env.PASSWORD_HASH_QUEUE,
    },
    security: {
      ...defaultSecurityPolicy,
      accessTokenIdleMs: env.ACCESS_TOKEN_IDLE_SECONDS * 1000,
      sessionIdleMs: Math.round(env.SESSION_IDLE_MINUTES * 60_000),
      registrationsPerAddressPerHour: env.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
      sessionMaxMs: env.SESSION_MAX_HOURS * 3_600_000,
    },
    seedDemoUsers: env.SEED_DEMO_USERS ?? !env.DATABASE_URL,
    // Without one, each instance draws its own: fine for one instance, documented for many.
    appSecret: env.APP_SECRET ?? randomBytes(32).toString('base64url'),
    dataKey: dataKeyFrom(env),
    addressLookup,
    sms,
    esign,
    identityDocument,
    creditBureau,
    bankConnection,
    paymentFiles,
    sandboxWebhookPollMs: env.SANDBOX_WEBHOOK_POLL_MS,
    bureauMaintenanceWindows: env.BUREAU_MAINTENANCE_WINDOWS ?? true,
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    ...(env.CO_AUTH_CODE_TTL_SECONDS !== undefined && {
      coAuthCodeValidityMs: env.CO_AUTH_CODE_TTL_SECONDS * 1000,
    }),
    ...(env.EXTERNAL_REDIRECT_ORIGINS.length > 0 && {
      externalRedirectOrigins: env.EXTERNAL_REDIRECT_ORIGINS,
    }),
    ...(env.EXPRESS_INVITATION_TTL_SECONDS !== undefined && {
      expressInvitationTtlSeconds: env.EXPRESS_INVITATION_TTL_SECONDS,
    }),
    ...(env.FLAG_ENVIRONMENT && { flagEnvironment: env.FLAG_ENVIRONMENT }),
    mail: {
      ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
      from: env.MAIL_FROM || defaultMailFrom,
      pollMs: env.OUTBOX_POLL_MS,
    },
    sandboxMailboxSecret: env.SANDBOX_MAILBOX_SECRET?.trim()
      ? { kind: 'given', secret: env.SANDBOX_MAILBOX_SECRET }
      : { kind: 'file', path: path.resolve(env.DATA_DIR, 'sandbox-mailbox.secret') },
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    headersTimeoutMs: env.HEADERS_TIMEOUT_SECONDS * 1000,
    uploadQuotaBytes: env.UPLOAD_QUOTA_MB * 1024 * 1024,
    authCacheMs: Math.round(env.AUTH_CACHE_SECONDS * 1000),
    pgliteQueue: { maxActive: env.PGLITE_ACTIVE_REQUESTS, maxWaitMs: env.PGLITE_QUEUE_WAIT_MS },
    shutdown: { drainMs: env.SHUTDOWN_DRAIN_MS, timeoutMs: env.SHUTDOWN_TIMEOUT_MS },
    ...(env.METRICS_TOKEN && { metricsToken: env.METRICS_TOKEN }),
    ...(env.METRICS_PORT && {
      metricsListener: { port: env.METRICS_PORT, host: env.METRICS_HOST },
    }),
    auditAnchor: {
      file: path.resolve(env.AUDIT_ANCHOR_FILE ?? path.join(env.DATA_DIR, 'audit-anchors.jsonl')),
      ...(env.AUDIT_ANCHOR_KEY && { key: env.AUDIT_ANCHOR_KEY }),
      pollMs: env.AUDIT_CHAIN_POLL_MS,
    },
    retention: retentionSettingsOf(env),
    rateLimits: {
      requestsPerMinute: env.RATE_LIMIT_REQUESTS_PER_MINUTE,
      writesPerMinute: env.RATE_LIMIT_WRITES_PER_MINUTE,
      applicationsPerHour: env.RATE_LIMIT_APPLICATIONS_PER_HOUR,
      addressFactor: env.RATE_LIMIT_ADDRESS_FACTOR,
    },
    rif: {
      ...(env.RIF_QUEBEC_EXCESS_PERCENT !== undefined && {
        quebecExcessPercent: env.RIF_QUEBEC_EXCESS_PERCENT,
      }),
      ...(env.LIF_BOND_RATE_PERCENT !== undefined && {
        lifBondRatePercent: env.LIF_BOND_RATE_PERCENT,
      }),
    },
  };
}
