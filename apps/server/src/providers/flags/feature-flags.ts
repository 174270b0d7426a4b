import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { InMemoryProvider, OpenFeature } from '@openfeature/server-sdk';
import {
  featureFlagNames,
  type FeatureFlagName,
  type FeatureFlagValues,
  type FlagEnvironment,
} from '@portal/domain';
import { z } from 'zod';

/** One file per environment (ADR 0017): `apps/server/flags/<environment>.json`. */
export const flagFilesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../flags',
);

/** A flag file names every flag, with a boolean, and nothing else. */
const flagFileSchema = z.strictObject(
  Object.fromEntries(featureFlagNames.map((name) => [name, z.boolean()])) as Record<
    FeatureFlagName,
    z.ZodBoolean
  >,
);

export class FlagFileError extends Error {
  override name = 'FlagFileError';
}

/** Reads and checks the flag file of an environment; a missing or bad file says which. */
export async function readFlagFile(
  environment: FlagEnvironment,
  dir: string = flagFilesDir,
): Promise<FeatureFlagValues> {
  const file = path.join(dir, `${environment}.json`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new FlagFileError(
      `Invalid configuration: the flag file ${file} cannot be read as JSON (${(error as Error).message})`,
    );
  }
  const result = flagFileSchema.safeParse(parsed);
  if (!result.success) {
    throw new FlagFileError(
      `Invalid configuration: the flag file ${file} must give exactly ${featureFlagNames.join(', ')} as true or false (${result.error.issues.map((issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`).join('; ')})`,
    );
  }
  return result.data;
}

export interface FeatureFlags {
  readonly environment: FlagEnvironment;
  /** Every flag as OpenFeature evaluates it now. */
  values(): Promise<FeatureFlagValues>;
}

/**
 * The flags of one server (spec section 6): OpenFeature's in-process provider holding the
 * environment's file, with the overrides a test or an operator gives on top. Each server
 * gets a domain of its own in OpenFeature's global registry, so several apps in one process
 * (the tests) keep their own flags.
 */
export async function createFeatureFlags(options: {
  environment: FlagEnvironment;
  overrides?: Partial<FeatureFlagValues>;
  dir?: string;
}): Promise<FeatureFlags> {
  const fromFile = await readFlagFile(options.environment, options.dir);
  const effective = { ...fromFile, ...options.overrides };
  const provider = new InMemoryProvider(
    Object.fromEntries(
      featureFlagNames.map((name) => [
        name,
        {
          variants: { on: true, off: false },
          defaultVariant: effective[name] ? 'on' : 'off',
          disabled: false,
        },
      ]),
    ),
  );
  const domain = `portal-${randomUUID()}`;
  await OpenFeature.setProviderAndWait(domain, provider);
  const client = OpenFeature.getClient(domain);
  return {
    environment: options.environment,
    async values() {
      const entries = await Promise.all(
        featureFlagNames.map(
          async (name) => [name, await client.getBooleanValue(name, false)] as const,
        ),
      );
      return Object.fromEntries(entries) as Record<FeatureFlagName, boolean>;
    },
  };
}
