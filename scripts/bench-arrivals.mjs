// The arrivals phase of `npm run bench` (issue 37): what a person sees when they arrive while
// the server is saturated. Every client opens its own connection when it starts (none is opened
// before the clock), all of them at once; a fresh connection asks for `/`, `/healthz` and the
// sign-in page every half second while they save; each second's saves are counted apart.
import http from 'node:http';
import { HOST, goalsAnswer, percentile, request, saveStep } from './bench-support.mjs';

/** What a person opens, each on a connection of its own. */
export const PROBED_PATHS = ['/', '/healthz', '/security/login'];
const PROBE_EVERY_MS = 500;

/**
 * @param {number[]} values
 * @returns {{ count: number, p50: number, p99: number, max: number }}
 */
function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
  };
}

/**
 * `applications.length` clients, each on its own new keep-alive connection, start saving at the
 * same moment and loop for `seconds`; a 503 is waited out as its Retry-After says. Meanwhile a
 * probe opens a fresh connection to each of `PROBED_PATHS` every half second.
 * @param {{ port: number, token: string, applications: { id: string, version: number }[],
 *   seconds: number }} options
 */
export async function arrivalsUnderLoad({ port, token, applications, seconds }) {
  const started = performance.now();
  const until = started + seconds * 1000;
  /** @type {{ at: number, ms: number }[]} */
  const saves = [];
  /** @type {number[]} */
  const firstSaves = [];
  let refused = 0;
  let firstRefusedWithRetryAfter = 0;
  let failed = 0;

  const client = async (
    /** @type {{ id: string, version: number }} */ application,
    /** @type {number} */ index,
  ) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let i = index;
    let first = true;
    try {
      while (performance.now() < until) {
        const begun = performance.now();
        const answer = await saveStep({
          port,
          agent,
          token,
          application,
          data: goalsAnswer(i++),
        });
        const ms = performance.now() - begun;
        if (answer.status === 200) {
          application.version = answer.body.version;
          saves.push({ at: performance.now() - started, ms });
          if (first) firstSaves.push(ms);
          first = false;
          continue;
        }
        const retryAfter = Number(answer.headers['retry-after']);
        if (answer.status === 503 && Number.isFinite(retryAfter)) {
          refused++;
          // A first save refused with Retry-After has had its answer: "busy, come back".
          if (first) firstRefusedWithRetryAfter++;
          first = false;
          await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
        } else {
          failed++;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    } finally {
      agent.destroy();
    }
  };

  /** @type {Record<string, number[]>} */
  const probes = Object.fromEntries(PROBED_PATHS.map((probed) => [probed, []]));
  let probesFailed = 0;
  const probing = (async () => {
    const pending = [];
    while (performance.now() < until - PROBE_EVERY_MS) {
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
      for (const probed of PROBED_PATHS) {
        const begun = performance.now();
        pending.push(
          // agent: false, a connection of its own, as a person opening the site.
          request({ port, agent: /** @type {any} */ (false), path: probed }).then(
            () => probes[probed]?.push(performance.now() - begun),
            () => probesFailed++,
          ),
        );
      }
    }
    await Promise.all(pending);
  })();

  await Promise.all([...applications.map(client), probing]);
  const elapsed = (performance.now() - started) / 1000;

  /** @type {{ second: number, count: number, p50: number, p99: number }[]} */
  const timeline = [];
  for (let second = 0; second < Math.ceil(elapsed); second++) {
    const inSecond = saves.filter((save) => Math.floor(save.at / 1000) === second);
    const { count, p50, p99 } = spread(inSecond.map((save) => save.ms));
    timeline.push({ second, count, p50, p99 });
  }
  const allProbes = Object.values(probes).flat();
  return {
    clients: applications.length,
    perSecond: saves.length / elapsed,
    saves: spread(saves.map((save) => save.ms)),
    firstSaves: spread(firstSaves),
    firstRefusedWithRetryAfter,
    neverSaved: applications.length - firstSaves.length - firstRefusedWithRetryAfter,
    refused,
    failed,
    probes: spread(allProbes),
    probesByPath: Object.fromEntries(
      Object.entries(probes).map(([probed, values]) => [probed, spread(values)]),
    ),
    probesFailed,
    timeline,
  };
}

/** The timeline as lines a person reads: second, saves, p50, p99. */
export function timelineLines(
  /** @type {{ second: number, count: number, p50: number, p99: number }[]} */ timeline,
) {
  return timeline.map(
    ({ second, count, p50, p99 }) =>
      `  ${String(second).padStart(3)} s  ${String(count).padStart(5)} saves  p50 ${p50.toFixed(0).padStart(5)} ms  p99 ${p99.toFixed(0).padStart(5)} ms`,
  );
}

export { HOST };
