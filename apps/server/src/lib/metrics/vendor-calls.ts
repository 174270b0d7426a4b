import diagnosticsChannel from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Histogram } from 'prom-client';
import type { AppConfig } from '../../config.ts';

/**
 * Vendor calls' latency and errors (issue 36), seen in one place for every provider: Node's
 * diagnostics channels, those of `fetch` (undici: Canada Post, Flinks) and those of `http` and
 * `https` (the vendors' own clients: Onfido, DocuSign, Twilio). A call is counted under its
 * vendor role when its origin is one the configuration gives that role, or a vendor's public
 * host; any other call (the trace exporter, a webhook sent by the sandbox) is not a vendor call.
 * Labels are the role and the outcome: never an address, an id or a status text.
 */

export type VendorRole = 'addressLookup' | 'sms' | 'esign' | 'identityDocument' | 'bankConnection';

export type VendorOutcome = 'ok' | 'clientError' | 'serverError' | 'failed';

/** The vendors' public hosts (their own clients choose the address; the role is what counts). */
const PUBLIC_HOSTS: [RegExp, VendorRole][] = [
  [/(^|\.)canadapost(-postescanada)?\.ca$/, 'addressLookup'],
  [/(^|\.)twilio\.com$/, 'sms'],
  [/(^|\.)docusign\.(net|com)$/, 'esign'],
  [/(^|\.)onfido\.com$/, 'identityDocument'],
  [/(^|\.)flinks\.(io|com)$/, 'bankConnection'],
];

type VendorSettings = Pick<
  AppConfig,
  'addressLookup' | 'sms' | 'esign' | 'identityDocument' | 'bankConnection'
>;

function originOf(address: string | undefined): string | undefined {
  if (!address) return undefined;
  try {
    return new URL(address).origin;
  } catch {
    return undefined;
  }
}

/** Which role an origin (`https://host:port`) belongs to, or undefined for no vendor. */
export function vendorRoleResolver(
  config: VendorSettings,
): (origin: string) => VendorRole | undefined {
  const configured = new Map<string, VendorRole>();
  const add = (address: string | undefined, role: VendorRole) => {
    const origin = originOf(address);
    if (origin) configured.set(origin, role);
  };
  if (config.addressLookup?.provider === 'canadapost')
    add(config.addressLookup.baseUrl, 'addressLookup');
  if (config.sms?.provider === 'twilio') add(config.sms.apiBaseUrl, 'sms');
  if (config.esign?.provider === 'docusign') add(`https://${config.esign.authServer}`, 'esign');
  if (config.identityDocument?.provider === 'onfido') {
    add(config.identityDocument.apiBaseUrl, 'identityDocument');
  }
  if (config.bankConnection?.provider === 'flinks') {
    add(config.bankConnection.apiBaseUrl, 'bankConnection');
  }
  return (origin) => {
    const known = configured.get(origin);
    if (known) return known;
    const host = originOf(origin) ? new URL(origin).hostname : '';
    return PUBLIC_HOSTS.find(([pattern]) => pattern.test(host))?.[1];
  };
}

export function outcomeOf(status: number | undefined): VendorOutcome {
  if (status === undefined) return 'failed';
  if (status >= 500) return 'serverError';
  if (status >= 400) return 'clientError';
  return 'ok';
}

/** What undici publishes of a `fetch` (its request object is the same on each channel). */
type UndiciRequest = { origin?: string | URL };
type UndiciMessage = { request: UndiciRequest; response?: { statusCode: number } };
type HttpMessage = { request: ClientRequest; response?: IncomingMessage };

function originOfClientRequest(request: ClientRequest): string | undefined {
  // The Host header carries the port when it is not the scheme's default; `host` never does.
  const header = request.getHeader('host');
  const authority = typeof header === 'string' ? header : request.host;
  return authority ? originOf(`${request.protocol ?? 'http:'}//${authority}`) : undefined;
}

/**
 * Observes every vendor call while `app` runs: `portal_vendor_call_duration_seconds`, a
 * histogram by `vendor` and `outcome` (its `_count` with an outcome other than `ok` is the
 * errors). Unsubscribes when the app closes.
 */
export function observeVendorCalls(
  app: FastifyInstance,
  config: VendorSettings,
  now: () => number = () => performance.now(),
): void {
  const roleOf = vendorRoleResolver(config);
  const latency = new Histogram({
    name: 'portal_vendor_call_duration_seconds',
    help: 'Calls to the vendors, by vendor role and outcome (ok, clientError, serverError, failed)',
    labelNames: ['vendor', 'outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [app.metrics.registry],
  });
  const started = new WeakMap<object, { role: VendorRole; at: number }>();
  const begin = (request: object, origin: string | undefined) => {
    const role = origin ? roleOf(origin) : undefined;
    if (role) started.set(request, { role, at: now() });
  };
  const end = (request: object, status: number | undefined) => {
    const call = started.get(request);
    if (!call) return;
    started.delete(request);
    latency.observe({ vendor: call.role, outcome: outcomeOf(status) }, (now() - call.at) / 1000);
  };

  const subscriptions: [string, (message: unknown) => void][] = [
    [
      'undici:request:create',
      (message) => {
        const { request } = message as UndiciMessage;
        begin(request, originOf(String(request.origin ?? '')));
      },
    ],
    [
      'undici:request:headers',
      (message) => {
        const { request, response } = message as UndiciMessage;
        end(request, response?.statusCode);
      },
    ],
    ['undici:request:error', (message) => end((message as UndiciMessage).request, undefined)],
    [
      'http.client.request.start',
      (message) => {
        const { request } = message as HttpMessage;
        begin(request, originOfClientRequest(request));
      },
    ],
    [
      'http.client.response.finish',
      (message) => {
        const { request, response } = message as HttpMessage;
        end(request, response?.statusCode);
      },
    ],
    ['http.client.request.error', (message) => end((message as HttpMessage).request, undefined)],
  ];
  for (const [name, listener] of subscriptions) diagnosticsChannel.subscribe(name, listener);
  app.addHook('onClose', async () => {
    for (const [name, listener] of subscriptions) diagnosticsChannel.unsubscribe(name, listener);
  });
}
