/**
 * Validation messages of the profile rules (spec section 5), keyed as their schemas emit them.
 * Spread into messages.ts; the French table must name every English key.
 */
export const profileMessagesEn = {
  tooYoung: 'You must be at least 18 to open an account.',
  emailMismatch: 'Emails do not match.',
  sinSameAsPrimary: "SIN the same as primary's.",
  sinLength: 'A SIN has 9 digits.',
  sinFirstDigit: 'A SIN never starts with 0 or 8. Check the first digit.',
  sinCheckDigit:
    'This is not a valid SIN: its last digit does not match the others. Check for a typo.',
  emailSameAsPrimary: "Email same as primary's.",
  incompleteAddress: 'Incomplete address',
  poBoxNotAllowed:
    'PO Box, rural route and general delivery addresses are not accepted. Enter where you live.',
  postalCodeProvince: 'This postal code is not in the province chosen.',
  spouseTooYoungForRif: 'Your spouse must be at least 18 for a retirement income fund.',
  occupationNotWork:
    'Choose the work done. Student, retired, homemaker and unemployed are employment statuses, not occupations.',
} as const;

export const profileMessagesFr = {
  tooYoung: 'Vous devez avoir au moins 18 ans pour ouvrir un compte.',
  emailMismatch: 'Les adresses courriel ne correspondent pas.',
  sinSameAsPrimary: 'NAS identique à celui du demandeur principal.',
  sinLength: 'Un NAS compte 9 chiffres.',
  sinFirstDigit: 'Un NAS ne commence jamais par 0 ni par 8. Vérifiez le premier chiffre.',
  sinCheckDigit:
    "Ce NAS n'est pas valide : son dernier chiffre ne correspond pas aux autres. Vérifiez s'il y a une faute de frappe.",
  emailSameAsPrimary: 'Courriel identique à celui du demandeur principal.',
  incompleteAddress: 'Adresse incomplète',
  poBoxNotAllowed:
    "Les adresses de case postale, de route rurale ou de poste restante ne sont pas acceptées. Indiquez l'adresse où vous habitez.",
  postalCodeProvince: 'Ce code postal ne se trouve pas dans la province choisie.',
  spouseTooYoungForRif:
    'Votre conjoint ou conjointe doit avoir au moins 18 ans pour un fonds de revenu de retraite.',
  occupationNotWork:
    "Choisissez le travail exercé. Aux études, à la retraite, au foyer et sans emploi sont des situations d'emploi, pas des professions.",
} as const satisfies Record<keyof typeof profileMessagesEn, string>;
