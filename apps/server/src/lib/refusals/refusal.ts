import type { FastifyReply, FastifyRequest } from 'fastify';
import { isMessageCode } from '@portal/domain/messages/message-code';
import { messageFor, messagesEn } from '@portal/domain/messages/messages';
import { answerLanguageOf } from '../../plugins/auth.ts';

export type RefusalLanguage = 'en' | 'fr';

/** A service's refusal: the HTTP status, the spec's error code, and the fields at fault. */
export class Refusal extends Error {
  override name = 'Refusal';
  constructor(
    readonly status: 400 | 404 | 409 | 422,
    readonly errorCode: string,
    readonly details: { fields?: Record<string, string> } = {},
  ) {
    super(errorCode);
  }

  /** The answer's fields besides `errorCode` and `message`; a refusal whose details speak overrides it. */
  detailsIn(_language: RefusalLanguage): object {
    return this.details;
  }
}

/**
 * The fields at fault in a schema's issues, as a refusal names them: each path once (its first
 * issue), with the domain's message code or `invalid`; an issue of the whole body under
 * `wholeBody`.
 */
export function fieldsOfIssues(
  issues: readonly { path: PropertyKey[]; message: string }[],
  wholeBody = 'body',
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || wholeBody;
    fields[path] ??= isMessageCode(issue.message) ? issue.message : 'invalid';
  }
  return fields;
}

/** Texts of a module's own refusal codes, the ones the domain's message table does not name. */
export type RefusalTexts = Record<RefusalLanguage, Record<string, string>>;

/** Refusals every money-moving module answers (funding, transfers, RRIF payouts). */
export const commonRefusalTexts: RefusalTexts = {
  en: {
    notFound: 'Not found.',
    invalidInput: 'The request is not valid.',
    fundingNotOpen: 'Funding opens once the application review is agreed.',
    tooManyDocuments: 'This application already holds as many documents as it can.',
  },
  fr: {
    notFound: 'Introuvable.',
    invalidInput: 'La demande n’est pas valide.',
    fundingNotOpen: 'Le financement est offert une fois la vérification de la demande acceptée.',
    tooManyDocuments: 'Cette demande contient déjà le nombre maximal de documents.',
  },
};

/** A code's text: the module's own, then the common ones, then the domain's; else the code. */
export function refusalText(
  errorCode: string,
  language: RefusalLanguage,
  own: RefusalTexts,
): string {
  return (
    own[language][errorCode] ??
    commonRefusalTexts[language][errorCode] ??
    (errorCode in messagesEn ? messageFor(errorCode, language) : errorCode)
  );
}

/**
 * Runs a route's work and answers a Refusal it throws as `{ errorCode, message, ...details }`
 * in the language the client asks in; anything else goes on to the error handler.
 */
export function refusalRunner(own: RefusalTexts) {
  return async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: () => Promise<T>,
  ): Promise<T | FastifyReply> => {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      const language = answerLanguageOf(request);
      return reply.code(error.status).send({
        errorCode: error.errorCode,
        message: refusalText(error.errorCode, language, own),
        ...error.detailsIn(language),
      });
    }
  };
}
