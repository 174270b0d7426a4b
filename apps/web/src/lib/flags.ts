import { useSyncExternalStore } from 'react';
import { FLAG_CLIENT_WAIT_MS } from '@portal/domain/constants';
import {
  featureFlagNames,
  safeFlagDefaults,
  type FeatureFlagName,
  type FeatureFlagValues,
} from '@portal/domain/flags';

/**
 * Spec sections 6 and 9: the site's feature flags, read through OpenFeature's web SDK with an
 * in-process provider filled from `GET /service/jaxrs/flags`. The client waits for them at most
 * FLAG_CLIENT_WAIT_MS (5 s); past that, or on any failure, it uses the safe defaults (identity
 * never bypassed, nothing optional on) rather than keep a person waiting. The SDK is imported
 * on first use, so the landing page never downloads it.
 */

/** The server's flags, or the safe defaults when they do not come in time. */
export async function fetchFlags(
  fetchImpl: typeof fetch = fetch,
  waitMs: number = FLAG_CLIENT_WAIT_MS,
): Promise<FeatureFlagValues> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), waitMs);
  try {
    const response = await fetchImpl('/service/jaxrs/flags', {
      signal: controller.signal,
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return safeFlagDefaults;
    const body = (await response.json()) as { flags?: Record<string, unknown> };
    return Object.fromEntries(
      featureFlagNames.map((name) => {
        const value = body.flags?.[name];
        return [name, typeof value === 'boolean' ? value : safeFlagDefaults[name]];
      }),
    ) as Record<FeatureFlagName, boolean>;
  } catch {
    return safeFlagDefaults;
  } finally {
    clearTimeout(timer);
  }
}

let evaluated: FeatureFlagValues | undefined;
let loading: Promise<FeatureFlagValues> | undefined;
const listeners = new Set<() => void>();

/**
 * Loads the flags once per page: fetched (within the wait), handed to OpenFeature's in-memory
 * provider, and read back through an OpenFeature client, so evaluation goes through the SDK as
 * it will with a remote flag service.
 */
export function loadFlags(fetchImpl: typeof fetch = fetch): Promise<FeatureFlagValues> {
  loading ??= (async () => {
    const [values, { OpenFeature, InMemoryProvider }] = await Promise.all([
      fetchFlags(fetchImpl),
      import('@openfeature/web-sdk'),
    ]);
    await OpenFeature.setProviderAndWait(
      new InMemoryProvider(
        Object.fromEntries(
          featureFlagNames.map((name) => [
            name,
            {
              variants: { on: true, off: false },
              defaultVariant: values[name] ? 'on' : 'off',
              disabled: false,
            },
          ]),
        ),
      ),
    );
    const client = OpenFeature.getClient();
    evaluated = Object.fromEntries(
      featureFlagNames.map((name) => [name, client.getBooleanValue(name, safeFlagDefaults[name])]),
    ) as Record<FeatureFlagName, boolean>;
    for (const listener of listeners) listener();
    return evaluated;
  })();
  return loading;
}

/** Forgets the loaded flags (tests). */
export function resetFlagsForTests(): void {
  evaluated = undefined;
  loading = undefined;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  void loadFlags();
  return () => listeners.delete(listener);
}

/**
 * A flag's value for a screen: undefined while the flags load (at most 5 s), then the
 * server's value or the safe default.
 */
export function useFlag(name: FeatureFlagName): boolean | undefined {
  return useSyncExternalStore(
    subscribe,
    () => evaluated?.[name],
    () => undefined,
  );
}
