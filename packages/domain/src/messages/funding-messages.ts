/**
 * Messages of funding (issue 14): the spec's section 8 funding errors, word for word in
 * English, and the codes the funding schemas and services emit. Spread into messages.ts; the
 * French table must name every English key.
 */
export const fundingMessagesEn = {
  eftRequestError: 'EFT request error occurred. Try again or contact support.',
  cancelPacFailed: 'Cancel PAC failed. Try again or contact support.',
  deletePacFailed: 'Delete PAC failed. Try again or contact support.',
  fileUploadUnsuccessful: 'File upload unsuccessful. Please contact support.',
  bankConnectionFailure:
    'We could not connect to your bank. Please try again later or upload a void cheque.',
  bankAccountAlreadyConnected: 'This bank account is already connected.',
  bankConnectionUnavailable:
    'Our bank connection partner is not answering right now. Nothing was lost: try again in a moment, or upload a void cheque.',
  bankConnectionExpired:
    'Connecting to your bank took too long and was stopped. Try again, or upload a void cheque.',
  holderNameMismatch:
    'The name on this bank account does not match the name on your application. Choose an account in your name, or upload a void cheque.',
  eftMinimum: 'The minimum amount is $50.',
  eftMaximum: 'The maximum amount of a request is $1,000,000. For more, contact support.',
  startDateTooSoon: 'Choose a start date at least 7 business days from today.',
  notBusinessDay: 'Choose a business day: not a weekend or a bank holiday.',
  invalidDate: 'Enter a real date.',
  agreementRequired: 'You must accept the pre-authorized debit agreement to continue.',
  sourceRequired: 'Choose the bank account the money comes from.',
  currencyMismatch: 'The bank account and the investment account must be in the same currency.',
  notEftEligible:
    'This account does not take deposits from a bank account: it is funded by a transfer from another plan.',
  institutionFormat: 'The institution number is 3 digits.',
  transitFormat: 'The transit number is 5 digits.',
  bankAccountFormat: 'The account number is 7 to 12 digits.',
  nicknameRequired: 'Give this bank account a name.',
  nicknameTooLong: 'Use at most 40 characters.',
  notPending: 'This request is already with the bank and can no longer be cancelled.',
  notActive: 'This pre-authorized contribution is not active, so it cannot be deleted.',
  inUse:
    'This bank account is used by a pending or active contribution. Cancel or delete it first.',
} as const;

export const fundingMessagesFr = {
  eftRequestError:
    'Une erreur est survenue lors de la demande de TEF. Réessayez ou communiquez avec le soutien.',
  cancelPacFailed: 'L’annulation du PPA a échoué. Réessayez ou communiquez avec le soutien.',
  deletePacFailed: 'La suppression du PPA a échoué. Réessayez ou communiquez avec le soutien.',
  fileUploadUnsuccessful: 'Le téléversement du fichier a échoué. Communiquez avec le soutien.',
  bankConnectionFailure:
    'Nous n’avons pas pu nous connecter à votre banque. Réessayez plus tard ou téléversez un chèque annulé.',
  bankAccountAlreadyConnected: 'Ce compte bancaire est déjà connecté.',
  bankConnectionUnavailable:
    'Notre partenaire de connexion bancaire ne répond pas en ce moment. Rien n’a été perdu\u00a0: réessayez dans un instant ou téléversez un chèque annulé.',
  bankConnectionExpired:
    'La connexion à votre banque a pris trop de temps et a été arrêtée. Réessayez ou téléversez un chèque annulé.',
  holderNameMismatch:
    'Le nom du titulaire de ce compte bancaire ne correspond pas au nom inscrit dans votre demande. Choisissez un compte à votre nom ou téléversez un chèque annulé.',
  eftMinimum: 'Le montant minimum est de 50\u00a0$.',
  eftMaximum:
    'Le montant maximum d’une demande est de 1\u00a0000\u00a0000\u00a0$. Pour plus, communiquez avec le soutien.',
  startDateTooSoon:
    'Choisissez une date de début d’au moins 7 jours ouvrables à partir d’aujourd’hui.',
  notBusinessDay: 'Choisissez un jour ouvrable, ni une fin de semaine ni un jour férié bancaire.',
  invalidDate: 'Indiquez une date qui existe.',
  agreementRequired: 'Vous devez accepter l’accord de débit préautorisé pour continuer.',
  sourceRequired: 'Choisissez le compte bancaire d’où provient l’argent.',
  currencyMismatch:
    'Le compte bancaire et le compte de placement doivent être dans la même devise.',
  notEftEligible:
    'Ce compte ne reçoit pas de dépôts d’un compte bancaire\u00a0: il est approvisionné par un transfert d’un autre régime.',
  institutionFormat: 'Le numéro d’institution doit compter 3 chiffres.',
  transitFormat: 'Le numéro de transit doit compter 5 chiffres.',
  bankAccountFormat: 'Le numéro de compte doit compter de 7 à 12 chiffres.',
  nicknameRequired: 'Donnez un nom à ce compte bancaire.',
  nicknameTooLong: 'Utilisez au plus 40 caractères.',
  notPending: 'Cette demande est déjà transmise à la banque et ne peut plus être annulée.',
  notActive:
    'Cette cotisation préautorisée n’est pas active; elle ne peut donc pas être supprimée.',
  inUse:
    'Ce compte bancaire sert à une cotisation en attente ou active. Annulez-la ou supprimez-la d’abord.',
} as const satisfies Record<keyof typeof fundingMessagesEn, string>;
