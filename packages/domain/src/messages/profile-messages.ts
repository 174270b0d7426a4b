/**
 * Validation messages of the profile rules (spec section 5), keyed as their schemas emit them.
 * Spread into messages.ts; the French table must name every English key.
 */
export const profileMessagesEn = {} as const;

export const profileMessagesFr = {} as const satisfies Record<keyof typeof profileMessagesEn, string>;
