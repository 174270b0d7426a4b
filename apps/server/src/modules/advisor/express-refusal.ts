import type { FastifyReply, FastifyRequest } from 'fastify';
import { messageFor, messagesEn } from '@portal/domain/messages/messages';

type Language = 'en' | 'fr';

/**
 * A refusal of the advisor or express API (issue 17): the HTTP status, the contract's error
 * code, and what the client needs to say more (fields at fault, attempts left, when to retry).
 * Its own class, as the shared Refusal stops at 422: links that cannot be used answer 410 and
 * throttles 429.
 */
export class ExpressRefusal extends Error {
  override name = 'ExpressRefusal';
  constructor(
    readonly status: 400 | 404 | 409 | 410 | 429,
    readonly errorCode: string,
    readonly details: {
      fields?: Record<string, string>;
      attemptsLeft?: number;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(errorCode);
  }
}

const texts: Record<Language, Record<string, string>> = {
  en: {
    notFound: 'Not found.',
    invalidInput: 'The request is not valid.',
    investorExists: 'An investor with this email address is already in your book.',
    tooManyInvitations: 'You sent many invitations in the last hour. Try again later.',
    expressMismatch:
      'The information does not match our records. Check it, or contact your advisor.',
    expressLocked:
      'Too many tries did not match our records. Try again later, or contact your advisor.',
    expressNotConfirmed: 'Confirm your date of birth or postal code first.',
    expired: 'This invitation link has expired. Ask your advisor for a new one.',
    outdated: 'This invitation was replaced by a newer one. Use the link in the most recent email.',
    used: 'This invitation was already used.',
    alreadyClient: 'You are already a client. Sign in with your client login.',
  },
  fr: {
    notFound: 'Introuvable.',
    invalidInput: 'La demande n’est pas valide.',
    investorExists: 'Un investisseur ayant cette adresse courriel figure déjà dans votre liste.',
    tooManyInvitations:
      'Vous avez envoyé beaucoup d’invitations dans la dernière heure. Réessayez plus tard.',
    expressMismatch:
      'Ces renseignements ne correspondent pas à nos dossiers. Vérifiez-les ou communiquez avec votre conseiller.',
    expressLocked:
      'Trop d’essais ne correspondaient pas à nos dossiers. Réessayez plus tard ou communiquez avec votre conseiller.',
    expressNotConfirmed: 'Confirmez d’abord votre date de naissance ou votre code postal.',
    expired: 'Ce lien d’invitation est expiré. Demandez-en un nouveau à votre conseiller.',
    outdated:
      'Cette invitation a été remplacée par une plus récente. Utilisez le lien du courriel le plus récent.',
    used: 'Cette invitation a déjà été utilisée.',
    alreadyClient: 'Vous êtes déjà client. Ouvrez une session avec votre accès client.',
  },
};

/** Accept-Language first; then the signed-in caller's language; English for an invitee. */
function languageOf(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  if (typeof header === 'string' && header.trim() !== '') {
    return /^\s*fr\b/i.test(header) ? 'fr' : 'en';
  }
  return request.user?.language === 'fr' ? 'fr' : 'en';
}

function textOf(errorCode: string, language: Language): string {
  return (
    texts[language][errorCode] ??
    (errorCode in messagesEn ? messageFor(errorCode, language) : errorCode)
  );
}

/** Runs a route's work and answers an ExpressRefusal as `{ errorCode, message, ...details }`. */
export async function runExpress<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: () => Promise<T>,
): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ExpressRefusal)) throw error;
    if (error.details.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(error.details.retryAfterSeconds));
    }
    return reply.code(error.status).send({
      errorCode: error.errorCode,
      message: textOf(error.errorCode, languageOf(request)),
      ...error.details,
    });
  }
}
