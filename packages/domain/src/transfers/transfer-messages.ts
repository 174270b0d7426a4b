import { accountTypeLabels } from '../enums/account-types.ts';
import { federalJurisdictionLabel } from '../enums/pension-jurisdictions.ts';
import { provinceLabels } from '../enums/provinces.ts';

/**
 * Messages of the transfer pre-check (issue 15), keyed as precheckTransfer emits them. Each
 * says what to fix before the request is sent. Spread into messages/messages.ts;
 * the French table must name every English key. A problem's values (both sides of a
 * difference) are shown beside its message by `describeTransferProblem`.
 */
export const transferMessagesEn = {
  transferRequestError: 'Transfer request error occurred. Try again or contact support.',
  statementNameOrder:
    'The names on your statement are in a different order than in your profile. Check which is your first name and which is your last name.',
  statementNameDiffers:
    'The name on your statement is not the one in your profile. Check that you copied it as your statement prints it. If the other institution has you under another name (a former name, for example), ask it to update your name before you transfer. If your profile is wrong, contact us: your answers can no longer be changed once your application is submitted.',
  statementSinDiffers:
    'The social insurance number on your statement is not the one in your profile. Check both.',
  statementBirthDateDiffers:
    'The date of birth on your statement is not the one in your profile. Check both.',
  statementAddressDiffers:
    'The address on your statement is not the one in your profile. Check that you copied it as your statement prints it. If you have moved since, ask the other institution to update your address before you transfer. If your profile is wrong, contact us: your answers can no longer be changed once your application is submitted.',
  transferHoldersDiffer:
    'A joint account can only be transferred into a joint account held by the same people, and an individual account only into an individual one.',
  planNotAccepted:
    'This account cannot receive a transfer from that type of plan. Choose a receiving account of a matching type.',
  jurisdictionRequired:
    'Choose the pension law your locked-in plan is under, as on your statement.',
  jurisdictionDiffers:
    'Locked-in money can only move into an account under the same pension law. Choose a receiving account under the law shown on your statement.',
  unpaidMinimumInstruction:
    'Say how this year’s minimum payment will be paid before the fund moves in kind.',
  respContractNumberRequired: 'Enter the education savings plan’s contract number.',
  respContractNumberTemporary:
    'Use the plan’s permanent contract number, not a temporary one: a transfer with a temporary number is refused.',
  respContractNumberFormat:
    'A contract number has 1 to 15 letters and digits, with at least one digit.',
  deliveringInstitutionUnknown: 'Choose the institution from the list.',
  deliveringAccountNumberRequired:
    'Enter the account number at the other institution, as on your statement.',
  partialLinesRequired: 'Add at least one investment or cash amount to transfer.',
  symbolRequired: 'Enter the investment’s symbol.',
  symbolFormat:
    'Enter the symbol as the exchange lists it (for example XIU, BAM.A or REI.UN), a fund code such as TDB902, or a 9-character CUSIP.',
  securityNameRequired: 'Enter the investment’s name.',
  quantityPositive: 'Enter a quantity above 0.',
  cashAmountRequired: 'Enter an amount of cash above $0.',
} as const;

export type TransferMessageKey = keyof typeof transferMessagesEn;

export const transferMessagesFr = {
  transferRequestError:
    'Une erreur est survenue lors de la demande de transfert. Réessayez ou communiquez avec le soutien.',
  statementNameOrder:
    'Les noms inscrits sur votre relevé ne sont pas dans le même ordre que dans votre profil. Vérifiez lequel est votre prénom et lequel est votre nom de famille.',
  statementNameDiffers:
    'Le nom inscrit sur votre relevé n’est pas celui de votre profil. Vérifiez que vous l’avez recopié tel que votre relevé l’imprime. Si l’autre institution vous connaît sous un autre nom (un ancien nom, par exemple), demandez-lui de mettre votre nom à jour avant le transfert. Si votre profil contient une erreur, communiquez avec nous\u00a0: vos réponses ne peuvent plus être modifiées une fois votre demande soumise.',
  statementSinDiffers:
    'Le numéro d’assurance sociale inscrit sur votre relevé n’est pas celui de votre profil. Vérifiez les deux.',
  statementBirthDateDiffers:
    'La date de naissance inscrite sur votre relevé n’est pas celle de votre profil. Vérifiez les deux.',
  statementAddressDiffers:
    'L’adresse inscrite sur votre relevé n’est pas celle de votre profil. Vérifiez que vous l’avez recopiée telle que votre relevé l’imprime. Si vous avez déménagé depuis, demandez à l’autre institution de mettre votre adresse à jour avant le transfert. Si votre profil contient une erreur, communiquez avec nous\u00a0: vos réponses ne peuvent plus être modifiées une fois votre demande soumise.',
  transferHoldersDiffer:
    'Un compte conjoint ne peut être transféré que dans un compte conjoint détenu par les mêmes personnes, et un compte individuel que dans un compte individuel.',
  planNotAccepted:
    'Ce compte ne peut pas recevoir un transfert de ce type de régime. Choisissez un compte de destination d’un type correspondant.',
  jurisdictionRequired:
    'Choisissez la loi sur les régimes de retraite qui régit votre régime immobilisé, comme sur votre relevé.',
  jurisdictionDiffers:
    'Les sommes immobilisées ne peuvent aller que dans un compte régi par la même loi sur les régimes de retraite. Choisissez un compte de destination régi par la loi indiquée sur votre relevé.',
  unpaidMinimumInstruction:
    'Indiquez comment le paiement minimum de cette année sera versé avant le transfert du fonds en nature.',
  respContractNumberRequired: 'Indiquez le numéro de contrat du régime d’épargne-études.',
  respContractNumberTemporary:
    'Indiquez le numéro de contrat permanent du régime, pas un numéro temporaire : un transfert avec un numéro temporaire est refusé.',
  respContractNumberFormat:
    'Un numéro de contrat compte de 1 à 15 lettres et chiffres, dont au moins un chiffre.',
  deliveringInstitutionUnknown: 'Choisissez l’institution dans la liste.',
  deliveringAccountNumberRequired:
    'Indiquez le numéro du compte à l’autre institution, comme sur votre relevé.',
  partialLinesRequired: 'Ajoutez au moins un placement ou un montant en espèces à transférer.',
  symbolRequired: 'Indiquez le symbole du placement.',
  symbolFormat:
    'Indiquez le symbole tel que la Bourse l’affiche (par exemple XIU, BAM.A ou REI.UN), un code de fonds comme TDB902 ou un CUSIP de 9 caractères.',
  securityNameRequired: 'Indiquez le nom du placement.',
  quantityPositive: 'Indiquez une quantité supérieure à 0.',
  cashAmountRequired: 'Indiquez un montant en espèces supérieur à 0\u00a0$.',
} as const satisfies Record<TransferMessageKey, string>;

/** What each side of a difference is called when it is shown under its message. */
export const transferValueLabels = {
  statement: { en: 'On your statement', fr: 'Sur votre relevé' },
  profile: { en: 'In your profile', fr: 'Dans votre profil' },
  delivering: { en: 'Account transferred', fr: 'Compte transféré' },
  receiving: { en: 'Receiving account', fr: 'Compte de destination' },
} as const;
export type TransferValueName = keyof typeof transferValueLabels;

/** The global `required` key's text (messages/messages.ts), for the fields left blank. */
const requiredText = { en: 'Required.', fr: 'Obligatoire.' } as const;

/** A value as the person reads it: account types and pension laws by their labels. */
function shownValue(code: string, value: string, language: 'en' | 'fr'): string {
  if (code === 'planNotAccepted' && value in accountTypeLabels) {
    return accountTypeLabels[value as keyof typeof accountTypeLabels][language];
  }
  if (code === 'jurisdictionDiffers' && value === 'federal') {
    return federalJurisdictionLabel[language];
  }
  if (code === 'jurisdictionDiffers' && value in provinceLabels) {
    return provinceLabels[value as keyof typeof provinceLabels][language];
  }
  return value;
}

/**
 * A pre-check problem as text: its message, then one line per value ("On your statement:
 * Helene Tremblay", "In your profile: Hélène Tremblay"), so every difference shows both sides.
 */
export function describeTransferProblem(
  problem: { code: string; values?: Partial<Record<TransferValueName, string>> },
  language: 'en' | 'fr',
): { message: string; details: string[] } {
  const table: Record<string, string> = language === 'fr' ? transferMessagesFr : transferMessagesEn;
  const message =
    table[problem.code] ?? (problem.code === 'required' ? requiredText[language] : problem.code);
  const separator = language === 'fr' ? '\u00a0: ' : ': ';
  const details = (Object.keys(transferValueLabels) as TransferValueName[]).flatMap((name) => {
    const value = problem.values?.[name];
    if (value === undefined) return [];
    return [
      `${transferValueLabels[name][language]}${separator}${shownValue(problem.code, value, language)}`,
    ];
  });
  return { message, details };
}
