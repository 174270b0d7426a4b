import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { TWILIO_STATUS_CALLBACK_PATH } from '../../providers/sms/sms-refusals.ts';
import { isTwilioSignature } from '../../providers/sms/twilio-sms-transport.ts';
import { recordTwilioStatus, twilioReportedStatuses } from './sms-delivery.service.ts';

const callbackSchema = z.object({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/),
  // Not the outbox's own `refused`: a callback cannot end a message as the outbox does.
  MessageStatus: z.enum(twilioReportedStatuses),
  ErrorCode: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
});

/**
 * `POST /webhooks/twilio/message-status`: Twilio's status callback for a text we sent,
 * form-encoded, signed with `X-Twilio-Signature` over PUBLIC_URL's callback URL and the
 * parameters (the library's validator and the auth token). A forged or altered callback is 403;
 * a valid one is answered 204 whether or not it changed anything, so Twilio does not retry.
 */
export const twilioStatusRoutes: FastifyPluginAsync<{
  authToken: string;
  callbackUrl: string;
  now?: () => Date;
}> = async (app, { authToken, callbackUrl, now = () => new Date() }) => {
  app.post(
    TWILIO_STATUS_CALLBACK_PATH,
    { schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      const params = (request.body ?? {}) as Record<string, unknown>;
      const strings = Object.fromEntries(
        Object.entries(params).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
      const signature = request.headers['x-twilio-signature'];
      if (
        typeof signature !== 'string' ||
        Object.keys(strings).length !== Object.keys(params).length ||
        !isTwilioSignature(authToken, signature, callbackUrl, strings)
      ) {
        return reply.code(403).send({ errorCode: 'signatureInvalid' });
      }
      const parsed = callbackSchema.safeParse(strings);
      if (!parsed.success) return reply.code(400).send({ errorCode: 'invalidCallback' });
      const { MessageSid, MessageStatus, ErrorCode } = parsed.data;
      const recorded = await recordTwilioStatus(app.db, {
        messageSid: MessageSid,
        status: MessageStatus,
        errorCode: ErrorCode,
        at: now(),
      });
      if (recorded && (MessageStatus === 'undelivered' || MessageStatus === 'failed')) {
        request.log.warn(
          { messageId: recorded.id, template: recorded.template, errorCode: ErrorCode ?? null },
          'text message not delivered',
        );
      }
      return reply.code(204).send();
    },
  );
};
