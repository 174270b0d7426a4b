/**
 * The mail vendor's role (architecture: providers): deliver one rendered message. The outbox
 * dispatcher calls it outside any transaction and may call it again for the same message after
 * a crash, so an implementation should deliver a message `id` at most once where it can (the
 * sandbox does) and must at least not fail because it was delivered before.
 */
export interface OutboundMessage {
  /** The outbox message's id: stable across retries, so a vendor can deduplicate on it. */
  id: string;
  channel: 'email' | 'sms';
  /** An email address or a phone number. Personal data: never log it. */
  recipient: string;
  subject: string;
  text: string;
  html?: string;
}

/** What a vendor answered on accepting a message: its id, to match its delivery reports. */
export interface DeliveryReceipt {
  vendorReference: string;
}

export interface MailTransport {
  /**
   * Resolves once the vendor accepted the message (with its id when the vendor reports delivery
   * later); rejects when it did not: retried later, unless the error is a permanent refusal.
   */
  send(message: OutboundMessage): Promise<DeliveryReceipt | void>;
  /** Releases connections when the server stops. */
  close?(): Promise<void>;
}

/**
 * A vendor's refusal that is safe to store and log: a short code, never the message text (a
 * relay's rejection often repeats the recipient's address).
 */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
  constructor(
    readonly code: string,
    /**
     * No retry can succeed (an invalid number, a recipient who opted out): the outbox stops
     * trying and records `reason`, which the person is told.
     */
    readonly refusal?: { permanent: true; reason: string },
  ) {
    super(`delivery refused: ${code}`);
  }
}
