/**
 * Messages of the dollar amounts (profile.ts `amountSchema`). Spread into messages.ts; the
 * French table must name every English key.
 */
export const amountMessagesEn = {
  amountFormat: 'Enter the amount in dollars, in digits, like 12500 or 12,500.50.',
  amountTooLarge: 'Enter an amount of $1,000,000,000 or less.',
} as const;

export const amountMessagesFr = {
  amountFormat: 'Indiquez le montant en dollars, en chiffres, par exemple 12500 ou 12 500,50.',
  amountTooLarge: 'Indiquez un montant d’au plus 1\u00a0000\u00a0000\u00a0000\u00a0$.',
} as const satisfies Record<keyof typeof amountMessagesEn, string>;
