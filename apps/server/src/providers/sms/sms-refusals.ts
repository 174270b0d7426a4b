import type { SmsDeliveryProblem } from '@portal/domain/messages/sms-delivery-messages';

/**
 * Twilio's codes and paths the rest of the server needs without loading the `twilio` library
 * (about 150 ms at start): only a server configured with SMS_PROVIDER=twilio loads it.
 */

/** The webhook path Twilio's status callbacks arrive at (modules/outbox). */
export const TWILIO_STATUS_CALLBACK_PATH = '/webhooks/twilio/message-status';

/**
 * The callback's address: the one each Message names and the one its signature is checked
 * against (built from PUBLIC_URL, never from the request's Host), so the two cannot differ.
 */
export const twilioStatusCallbackUrlOf = (publicUrl: string) =>
  `${publicUrl}${TWILIO_STATUS_CALLBACK_PATH}`;

/**
 * Twilio's refusals that no retry can fix, by error code (Twilio's error dictionary): the
 * person is told why texts stopped and offered another way. Anything else (a 5xx, 20429 too many
 * requests, a timeout, a network failure) is retried by the outbox.
 */
export const permanentSmsRefusals = {
  21211: 'smsNumberInvalid',
  21614: 'smsNumberNotMobile',
  21610: 'smsOptedOut',
  21408: 'smsRegionNotEnabled',
  21612: 'smsRouteUnavailable',
} as const satisfies Record<number, SmsRefusal>;

/** Why texts to a number stopped, as the person is told (the domain's messages). */
export type SmsRefusal = SmsDeliveryProblem;

/** Twilio's delivery failures after acceptance (30003 to 30008): the carrier could not deliver. */
export function refusalOfDeliveryError(code: number): SmsRefusal | undefined {
  if (code === 30004) return 'smsOptedOut';
  if (code >= 30003 && code <= 30008) return 'smsUndeliverable';
  return undefined;
}
