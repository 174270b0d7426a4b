/**
 * Messages of the RIF payout setup (issue 15): the codes rif-payout-schema.ts and the RIF
 * services emit, and the spec's section 8 RIF errors. Spread into
 * messages/messages.ts; the French table must name every English key.
 */
export const rifMessagesEn = {
  rifPayoutRequestError: 'RIF payout request error occurred. Try again or contact support.',
  noRifSetup: 'No payments are set up for this retirement income fund yet.',
  rifAmountPositive: 'Enter an amount greater than $0.',
  rifAmountMaximum: 'The largest yearly amount you can choose here is $999,999.99.',
  rifStartNotInFuture: 'Choose a first payment date after today.',
  rifMinimumStartsNextYear:
    'No minimum is paid in the year the fund is set up. Start the minimum payments in January of next year or later, or choose another amount.',
  rifStartTooLate:
    'Payments must start by December of next year, so that next year’s minimum is paid.',
  rifSpouseTooYoung: 'Your spouse must be at least 18 for their age to be used.',
  rifSpouseSinSameAsOwn: 'Enter your spouse’s SIN, not your own.',
  rifSpouseAgeNotInNb:
    'New Brunswick pension law does not allow the minimum of a life income fund to be based on a spouse’s age.',
  rifMaximumOnlyLockedIn:
    'Only a life income fund (LIF or RLIF) has a maximum. Choose the minimum or another amount.',
  rifPercentRange: 'Enter a percentage from 0 to 100.',
  rifBankAccountRequired: 'Choose the bank account the payments go to, or upload a void cheque.',
  rifPayoutAccountRequired: 'Choose the cash account the payments go to.',
  rifMinPaymentTypeLocked:
    'The choice of whose age sets the minimum cannot be changed after the first payment.',
} as const;

export const rifMessagesFr = {
  rifPayoutRequestError:
    'Une erreur est survenue lors de la demande de versements du FERR. Réessayez ou communiquez avec le soutien.',
  noRifSetup: 'Aucun versement n’est encore prévu pour ce fonds de revenu de retraite.',
  rifAmountPositive: 'Indiquez un montant supérieur à 0\u00a0$.',
  rifAmountMaximum:
    'Le montant annuel le plus élevé que vous pouvez choisir ici est de 999\u00a0999,99\u00a0$.',
  rifStartNotInFuture: 'Choisissez une date de premier versement postérieure à aujourd’hui.',
  rifMinimumStartsNextYear:
    'Aucun minimum n’est versé l’année où le fonds est établi. Commencez les versements minimaux en janvier de l’an prochain ou plus tard, ou choisissez un autre montant.',
  rifStartTooLate:
    'Les versements doivent commencer au plus tard en décembre de l’an prochain, pour que le minimum de cette année-là soit versé.',
  rifSpouseTooYoung: 'Votre conjoint doit avoir au moins 18 ans pour que son âge soit utilisé.',
  rifSpouseSinSameAsOwn: 'Indiquez le NAS de votre conjoint, pas le vôtre.',
  rifSpouseAgeNotInNb:
    'La loi du Nouveau-Brunswick sur les pensions ne permet pas de calculer le minimum d’un fonds de revenu viager selon l’âge du conjoint.',
  rifMaximumOnlyLockedIn:
    'Seul un fonds de revenu viager (FRV ou FRVR) a un maximum. Choisissez le minimum ou un autre montant.',
  rifPercentRange: 'Indiquez un pourcentage de 0 à 100.',
  rifBankAccountRequired:
    'Choisissez le compte bancaire où les versements sont déposés, ou téléversez un chèque annulé.',
  rifPayoutAccountRequired: 'Choisissez le compte au comptant où les versements sont déposés.',
  rifMinPaymentTypeLocked:
    'Le choix de l’âge servant au calcul du minimum ne peut plus être modifié après le premier versement.',
} as const satisfies Record<keyof typeof rifMessagesEn, string>;

export type RifMessageKey = keyof typeof rifMessagesEn;
