import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
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
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

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
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once at start; an invalid value stops the server with a clear reason. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${reasons.join('; ')}`);
  }
  const env = parsed.data;
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
  };
}
