import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobObserver } from '../jobs/serial-poller.ts';

/**
 * Prometheus metrics of one instance (issue 36), with `prom-client`: requests by method, route
 * template and status, and their latency; each job's passes, failures and time since its last
 * good pass; whatever a module adds with `app.metrics.gauge` (the outbox's backlog). Labels are
 * route templates and fixed names, never a path with an id or a token in it, never personal
 * data. Each instance is scraped on its own (`/metrics`, behind `METRICS_TOKEN`; also on
 * `METRICS_PORT` when set). The database's load and the vendor calls: database-metrics.ts,
 * vendor-calls.ts.
 */

export interface PortalMetrics {
  registry: Registry;
  /** An observer for a serial job's passes (`serialPoller`'s third argument). */
  job(name: string): JobObserver;
  /** A gauge whose value is read at each scrape. */
  gauge(name: string, help: string, read: () => Promise<number> | number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: PortalMetrics;
  }
}

export function createMetrics(): PortalMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const passes = new Counter({
    name: 'portal_job_passes_total',
    help: 'Passes of each background job, by outcome',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const passSeconds = new Histogram({
    name: 'portal_job_pass_duration_seconds',
    help: 'How long a pass of each background job took',
    labelNames: ['job'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [registry],
  });
  const lastSuccess = new Map<string, number>();
  new Gauge({
    name: 'portal_job_lag_seconds',
    help: 'Seconds since each background job last passed without failing',
    labelNames: ['job'],
    registers: [registry],
    collect() {
      const now = Date.now() / 1000;
      for (const [job, at] of lastSuccess) this.set({ job }, now - at);
    },
  });
  return {
    registry,
    job(name) {
      return {
        passed(seconds) {
          passes.inc({ job: name, outcome: 'ok' });
          passSeconds.observe({ job: name }, seconds);
          lastSuccess.set(name, Date.now() / 1000);
        },
        failed(seconds) {
          passes.inc({ job: name, outcome: 'failed' });
          passSeconds.observe({ job: name }, seconds);
        },
      };
    },
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(await read());
        },
      });
    },
  };
}

export interface MetricsPluginOptions {
  /** The bearer token a scraper sends; without one, `/metrics` answers 404. */
  token?: string;
  /**
   * `/metrics` also on a listener of its own (METRICS_PORT on METRICS_HOST), opened when the
   * server listens and closed with it; the token is asked for there too when there is one.
   */
  listener?: { port: number; host: string };
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

async function metricsPlugin(app: FastifyInstance, options: MetricsPluginOptions) {
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'Requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    registers: [metrics.registry],
  });
  const latency = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer, by method and route template',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The template (`/applications/:id`), never the path: ids and tokens stay out of labels.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  if (options.listener) serveMetricsApart(app, metrics.registry, options.token, options.listener);
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    if (!options.token || !sameSecret(request.headers.authorization, `Bearer ${options.token}`)) {
      return reply.code(404).send({ errorCode: 'notFound', message: 'Not found.' });
    }
    reply.header('cache-control', 'no-store');
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

/**
 * A bare HTTP listener that answers `GET /metrics` and 404 to anything else: the scrape never
 * goes through the public port, its proxy or its rate limits.
 */
function serveMetricsApart(
  app: FastifyInstance,
  registry: Registry,
  token: string | undefined,
  { port, host }: { port: number; host: string },
) {
  const server = createServer((request, response) => {
    const allowed =
      request.method === 'GET' &&
      request.url === '/metrics' &&
      (!token || sameSecret(request.headers.authorization, `Bearer ${token}`));
    if (!allowed) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found.');
      return;
    }
    registry.metrics().then(
      (body) => {
        response.writeHead(200, {
          'content-type': registry.contentType,
          'cache-control': 'no-store',
        });
        response.end(body);
      },
      () => response.writeHead(500).end(),
    );
  });
  app.addHook('onListen', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    app.log.info({ port, host }, 'metrics listening on a port of their own');
  });
  app.addHook('onClose', async () => {
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  });
}

export const portalMetrics = fp(metricsPlugin, { name: 'metrics' });
