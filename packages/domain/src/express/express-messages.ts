/**
 * Messages of the advisor's express invitations (issue 17), spread into messages.ts.
 *
 * `addressNotInvitable`: an invitation to an address that belongs to staff, or to another
 * advisor's investor or client, is refused with one message that never says which (issue 30,
 * B-F8): telling the advisor why would tell them who works here or whose client someone is.
 */
export const expressMessagesEn = {
  addressNotInvitable: 'This address cannot be invited; contact operations.',
} as const;

export const expressMessagesFr = {
  addressNotInvitable: 'Cette adresse ne peut pas être invitée; communiquez avec les opérations.',
} as const satisfies Record<keyof typeof expressMessagesEn, string>;
