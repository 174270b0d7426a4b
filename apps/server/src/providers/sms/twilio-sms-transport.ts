import twilio from 'twilio';
import { permanentSmsRefusals } from './sms-refusals.ts';
import {
  MailDeliveryError,
  type MailTransport,
  type OutboundMessage,
} from '../mail/mail-transport.ts';

/**
 * SMS through Twilio Programmable Messaging (the official `twilio` library): one Message per
 * outbox message, with a status callback. Twilio's Messages API takes no idempotency key, so
 * the library's own retries stay off and only the outbox retries a failure; a timeout may then
 * send a code twice, which is accepted (a code is short-lived and the newest works).
 * Documentation: docs/vendors.md.
 */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A Canadian long code or a verified toll-free number (E.164), or a Messaging Service. */
  sender: { from: string } | { messagingServiceSid: string };
  /** Where Twilio posts delivery statuses: PUBLIC_URL + the webhook path. */
  statusCallbackUrl: string;
  /** `https://api.twilio.com` unless a test points it at the contract's mock. */
  apiBaseUrl: string;
  timeoutMs: number;
}

/**
 * The library's HTTP client pointed at another host (the contract tests' Prism mock); Twilio's
 * documented way to change how its requests are made (advanced-examples/custom-http-client.md).
 */
function clientFor(settings: TwilioSettings): twilio.RequestClient {
  const base = new URL(settings.apiBaseUrl);
  const client = new twilio.RequestClient({ timeout: settings.timeoutMs });
  if (base.host === 'api.twilio.com' && base.protocol === 'https:') return client;
  const request = client.request.bind(client);
  client.request = (options) => {
    const uri = new URL(options.uri ?? '');
    uri.protocol = base.protocol;
    uri.host = base.host;
    return request({ ...options, uri: uri.toString() });
  };
  return client;
}

export function createTwilioSmsTransport(settings: TwilioSettings): MailTransport {
  const client = twilio(settings.accountSid, settings.authToken, {
    httpClient: clientFor(settings),
    autoRetry: false,
    lazyLoading: true,
  });
  return {
    async send(message: OutboundMessage) {
      try {
        const sent = await client.messages.create({
          to: message.recipient,
          body: message.text,
          statusCallback: settings.statusCallbackUrl,
          ...('from' in settings.sender
            ? { from: settings.sender.from }
            : { messagingServiceSid: settings.sender.messagingServiceSid }),
        });
        return { vendorReference: sent.sid };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'number' && code in permanentSmsRefusals) {
          const reason = permanentSmsRefusals[code as keyof typeof permanentSmsRefusals];
          throw new MailDeliveryError(`twilio-${code}`, { permanent: true, reason });
        }
        // The library's errors may quote the number: only a name and a code leave here.
        const status = (error as { status?: unknown }).status;
        throw new MailDeliveryError(
          typeof code === 'number'
            ? `twilio-${code}`
            : typeof status === 'number'
              ? `http-${status}`
              : 'twilio-unreachable',
        );
      }
    },
  };
}

/**
 * Whether a status callback is Twilio's: `X-Twilio-Signature` is HMAC-SHA1 of the callback's
 * full URL (rebuilt from PUBLIC_URL, never from the Host header) and its sorted POST parameters,
 * checked by the library's validator with the auth token.
 */
export function isTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): boolean {
  if (!signature) return false;
  return twilio.validateRequest(authToken, signature, url, params);
}
