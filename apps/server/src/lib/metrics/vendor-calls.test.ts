import { createServer, request as httpRequest, type Server } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.ts';
import { observeVendorCalls, outcomeOf, vendorRoleResolver } from './vendor-calls.ts';

/** Vendor calls' latency and outcome, seen on Node's diagnostics channels (issue 36). */

let vendor: Server;
let vendorUrl: string;
/** An address nothing listens on: calls to it are refused. */
let refusedUrl: string;
let app: FastifyInstance;

beforeAll(async () => {
  // A vendor that answers by path: 200, 422 or 503; the path holds an id, as real ones do.
  vendor = createServer((request, response) => {
    const status = Number(/\/(\d{3})\//.exec(request.url ?? '')?.[1] ?? 200);
    response.writeHead(status).end('{}');
  });
  await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
  const address = vendor.address();
  vendorUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedAddress = closed.address();
  refusedUrl = `http://127.0.0.1:${typeof closedAddress === 'object' && closedAddress ? closedAddress.port : 0}`;
  await new Promise((resolve) => closed.close(resolve));
  app = Fastify();
  app.decorate('metrics', createMetrics());
  observeVendorCalls(app, {
    addressLookup: { provider: 'canadapost', key: 'k', baseUrl: vendorUrl, timeoutMs: 1_000 },
    sms: {
      provider: 'twilio',
      accountSid: 'AC',
      authToken: 't',
      sender: { from: '+15550000000' },
      apiBaseUrl: refusedUrl,
      timeoutMs: 1_000,
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => vendor?.close(resolve));
});

const exposition = () => app.metrics.registry.metrics();

describe('observeVendorCalls', () => {
  it('counts a fetch to a vendor by role and outcome, without its address', async () => {
    await (await fetch(`${vendorUrl}/200/applicant-5f1c9e`)).text();
    await (await fetch(`${vendorUrl}/422/applicant-5f1c9e`)).text();
    await (await fetch(`${vendorUrl}/503/applicant-5f1c9e`)).text();
    const text = await exposition();
    for (const outcome of ['ok', 'clientError', 'serverError']) {
      expect(text).toMatch(
        new RegExp(
          `portal_vendor_call_duration_seconds_count\\{vendor="addressLookup",outcome="${outcome}"\\} 1`,
        ),
      );
    }
    expect(text).not.toContain('applicant-5f1c9e');
    expect(text).not.toContain('127.0.0.1');
  });

  it('counts calls made through node:http, as the vendors’ own clients make them', async () => {
    await new Promise<void>((resolve, reject) => {
      const call = httpRequest(`${vendorUrl}/200/http-client`, (response) => {
        response.resume();
        response.on('end', resolve);
      });
      call.on('error', reject);
      call.end();
    });
    expect(await exposition()).toMatch(
      /portal_vendor_call_duration_seconds_count\{vendor="addressLookup",outcome="ok"\} 2/,
    );
  });

  it('counts a call that never got an answer as failed', async () => {
    await fetch(refusedUrl).catch(() => undefined);
    expect(await exposition()).toMatch(
      /portal_vendor_call_duration_seconds_count\{vendor="sms",outcome="failed"\} 1/,
    );
  });

  it('leaves calls to anything but a vendor uncounted', async () => {
    const vendorLines = async () =>
      (await exposition()).split('\n').filter((line) => line.startsWith('portal_vendor_call'));
    const before = await vendorLines();
    const other = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const address = other.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await (await fetch(`http://127.0.0.1:${port}/v1/traces`)).text();
    await new Promise((resolve) => other.close(resolve));
    expect(await vendorLines()).toEqual(before);
  });

  it("knows the vendors' public hosts without configuration", () => {
    const resolver = vendorRoleResolver({});
    expect(resolver('https://api.ca.onfido.com')).toBe('identityDocument');
    expect(resolver('https://demo.docusign.net')).toBe('esign');
    expect(resolver('https://api.twilio.com')).toBe('sms');
    expect(resolver('https://evil-onfido.com.example')).toBeUndefined();
    expect(outcomeOf(201)).toBe('ok');
  });

  it('stops observing once the app closed', async () => {
    const closing = Fastify();
    closing.decorate('metrics', createMetrics());
    observeVendorCalls(closing, {
      addressLookup: { provider: 'canadapost', key: 'k', baseUrl: vendorUrl, timeoutMs: 1_000 },
    });
    await closing.ready();
    await closing.close();
    await (await fetch(`${vendorUrl}/200/after-close`)).text();
    expect(await closing.metrics.registry.metrics()).not.toMatch(
      /portal_vendor_call_duration_seconds_count\{[^}]*\} [1-9]/,
    );
  });
});
