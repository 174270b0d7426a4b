import { SUPPORT_PHONE } from '../brand.ts';

/**
 * Validation messages of the profile rules (spec section 5), keyed as their schemas emit them.
 * Spread into messages.ts; the French table must name every English key.
 */
export const profileMessagesEn = {
  tooYoung: 'You must be at least 18 to open an account.',
  dateDay: 'Enter the day as a number from 1 to 31.',
  dateMonth: 'Enter the month as a number from 1 to 12, for example 3 for March.',
  dateYear: 'Enter the year with 4 digits, for example 1985.',
  dateNotReal: 'This date does not exist. Check the day and the month.',
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
  // Spec section 8: the applicant already is a client, under another login.
  existingAccount:
    'Our records indicate that you have an existing account. Please log in with your existing username to begin a new application.',
  // Spec section 8: the email, SIN and birth date agree with part of a client's records only.
  identityMismatch:
    'Please check application Email, SIN or Date of Birth. For assistance contact our client support team.',
  identityMismatchJoint:
    "Please check the joint applicant's Email, SIN or Date of Birth. For assistance contact our client support team.",
  shareholderIdNotValidated: `We were not able to validate your information. Check the client number, or call our client support team at ${SUPPORT_PHONE.display}.`,
  // Too many refused identity checks in an hour (a bound against testing SINs; issue 17).
  tooManyIdentityChecks: `We can't check these details again for now. Try again in an hour, or call our client support team at ${SUPPORT_PHONE.display}.`,
  shareholderIdFormat:
    'A client number has 8 digits, as on the statements. Check for a typo, or leave it blank.',
} as const;

export const profileMessagesFr = {
  tooYoung: 'Vous devez avoir au moins 18 ans pour ouvrir un compte.',
  dateDay: 'Entrez le jour en chiffres, de 1 à 31.',
  dateMonth: 'Entrez le mois en chiffres, de 1 à 12, par exemple 3 pour mars.',
  dateYear: "Entrez l'année en 4 chiffres, par exemple 1985.",
  dateNotReal: "Cette date n'existe pas. Vérifiez le jour et le mois.",
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
  existingAccount:
    "Nos dossiers indiquent que vous avez déjà un compte. Veuillez ouvrir une session avec votre nom d'utilisateur existant pour commencer une nouvelle demande.",
  identityMismatch:
    "Veuillez vérifier le courriel, le NAS ou la date de naissance de la demande. Pour obtenir de l'aide, communiquez avec notre équipe du service à la clientèle.",
  identityMismatchJoint:
    "Veuillez vérifier le courriel, le NAS ou la date de naissance du codemandeur. Pour obtenir de l'aide, communiquez avec notre équipe du service à la clientèle.",
  shareholderIdNotValidated: `Nous n'avons pas pu valider vos renseignements. Vérifiez le numéro de client ou appelez notre équipe du service à la clientèle au ${SUPPORT_PHONE.display}.`,
  tooManyIdentityChecks: `Nous ne pouvons pas vérifier ces renseignements de nouveau pour l'instant. Réessayez dans une heure ou appelez notre équipe du service à la clientèle au ${SUPPORT_PHONE.display}.`,
  shareholderIdFormat:
    "Un numéro de client compte 8 chiffres, comme sur les relevés. Vérifiez s'il y a une faute de frappe ou laissez le champ vide.",
} as const satisfies Record<keyof typeof profileMessagesEn, string>;
