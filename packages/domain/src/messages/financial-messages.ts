/**
 * Validation messages of the financial rules (spec section 5), keyed as their schemas emit them.
 * Spread into messages.ts; the French table must name every English key.
 */
export const financialMessagesEn = {} as const;

export const financialMessagesFr = {} as const satisfies Record<keyof typeof financialMessagesEn, string>;
