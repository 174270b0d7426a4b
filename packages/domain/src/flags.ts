/**
 * Spec section 6: the feature flags, read from a flag service whose environment is chosen by
 * host name. The product keeps one flag file per environment (ADR 0017); these are the names,
 * the environments and the values a client uses when the flags do not come in time.
 */
export const featureFlagNames = [
  'bypass-qualId',
  'rrif-funding-enabled',
  'disable-w9-esign-enabled',
  // Ours, not the spec's (issue 17): PUT coAuthCode answers the spec's demo codes 2000, 4010,
  // 4030 and 4040 with 200, 401, 403 and 404, so support can show each state. Demo only.
  'demo-auth-codes',
] as const;
export type FeatureFlagName = (typeof featureFlagNames)[number];
export type FeatureFlagValues = Readonly<Record<FeatureFlagName, boolean>>;

export const flagEnvironments = ['local', 'test', 'staging', 'production', 'demo'] as const;
export type FlagEnvironment = (typeof flagEnvironments)[number];

/**
 * What a client assumes when the flags do not arrive within FLAG_CLIENT_WAIT_MS: identity is
 * verified (never bypassed), RRIF funding stays hidden, and a U.S. person's W-9 is downloaded,
 * signed and uploaded, not e-signed (the only way the product offers so far; ADR 0017).
 */
export const safeFlagDefaults: FeatureFlagValues = {
  'bypass-qualId': false,
  'rrif-funding-enabled': false,
  'disable-w9-esign-enabled': true,
  'demo-auth-codes': false,
};

const localHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0']);

/** A label of the host name, whole (`demo` in `demo.portal.example`, not in `demonstration`). */
const hasLabel = (hostname: string, pattern: RegExp) =>
  hostname.split(/[.-]/).some((label) => pattern.test(label));

/**
 * The environment a host name belongs to (spec section 6: test environments, staging,
 * production, demo, else a local default). Loopback and `.local`/`.localhost` names are local;
 * a host with a `demo`, `staging`/`stage`, or `test`/`qa`/`uat` label (digits allowed:
 * `test2`) is that environment; any other public name is production, whose flags are the
 * strictest.
 */
export function flagEnvironmentOfHost(hostname: string): FlagEnvironment {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (host === '' || localHosts.has(host) || /\.(local|localhost)$/.test(host)) return 'local';
  if (hasLabel(host, /^demo\d*$/)) return 'demo';
  if (hasLabel(host, /^(staging|stage)\d*$/)) return 'staging';
  if (hasLabel(host, /^(test|qa|uat)\d*$/)) return 'test';
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return 'local';
  return 'production';
}
