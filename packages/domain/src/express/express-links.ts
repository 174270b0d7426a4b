// Zod-free, so the action screen a signed-out invitee lands on stays within the public bundle
// budget (ADR 0029); express-api.ts re-exports these.

/** Why a link cannot be used; each maps to the spec's express-error flags (section 8). */
export const expressLinkProblems = [
  'expired',
  'outdated',
  'alreadyClient',
  'used',
  'notFound',
] as const;
export type ExpressLinkProblem = (typeof expressLinkProblems)[number];

/**
 * The `#/express-error` query for each problem: `applicationError` is the existing client,
 * `notFound` the outdated (or unknown) link, no flag the expired one.
 */
export function expressErrorQuery(problem: ExpressLinkProblem): string {
  switch (problem) {
    case 'alreadyClient':
      return '?applicationError=true';
    case 'outdated':
    case 'notFound':
    case 'used':
      return '?notFound=true';
    case 'expired':
      return '';
  }
}
