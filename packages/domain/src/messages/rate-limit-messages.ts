/**
 * What a person reads when the API's rate limit refuses a request (issue 30, security.md G10),
 * keyed as the API's `errorCode`s. The answer carries Retry-After; these say what to do without
 * a number, since the client may show them after part of the wait has passed.
 */
export const rateLimitMessagesEn = {
  rateLimited:
    'You have sent a great many requests in a short time. Wait a minute, then try again: nothing you entered is lost.',
  tooManyNewApplications:
    'You have started a great many applications in the past hour. Continue one of them, or try again in an hour.',
} as const;

export const rateLimitMessagesFr = {
  rateLimited:
    'Vous avez envoyé un très grand nombre de demandes en peu de temps. Attendez une minute, puis réessayez\u00a0: rien de ce que vous avez saisi n’est perdu.',
  tooManyNewApplications:
    'Vous avez commencé un très grand nombre de demandes d’ouverture au cours de la dernière heure. Poursuivez l’une d’elles, ou réessayez dans une heure.',
} as const satisfies Record<keyof typeof rateLimitMessagesEn, string>;

/** The `errorCode`s of the API's rate-limit refusals (429). */
export type RateLimitErrorCode = keyof typeof rateLimitMessagesEn;

export function isRateLimitErrorCode(value: unknown): value is RateLimitErrorCode {
  return typeof value === 'string' && Object.hasOwn(rateLimitMessagesEn, value);
}
