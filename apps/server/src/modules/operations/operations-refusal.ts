import {
  Refusal,
  refusalRunner,
  type RefusalLanguage,
  type RefusalTexts,
} from '../../lib/refusals/refusal.ts';

/** The operations console's own refusal codes (issue 16), in both languages. */
export const operationsRefusalTexts: RefusalTexts = {
  en: {
    claimedByOther: 'Someone else is working on this item.',
    claimRequired: 'Claim this item before acting on it.',
    staleVersion: 'This item changed since you opened it. Reload it, then decide again.',
    notDecidable: 'This item cannot take that action in its current state.',
    secondApproverRequired: 'A second staff member must confirm this approval.',
    movingNow: 'A processing job is moving this request right now. Try again in a minute.',
    nothingToReveal: 'There is no value on file for this field.',
    photoIdNotRead:
      'The vendor could not read the document, so there is nothing to record: refuse instead.',
    photoIdExpired: 'The document has expired: refuse it instead.',
  },
  fr: {
    claimedByOther: 'Une autre personne traite cet élément.',
    claimRequired: 'Réservez cet élément avant d’agir.',
    staleVersion:
      'Cet élément a changé depuis son ouverture. Rechargez-le, puis décidez de nouveau.',
    notDecidable: 'Cet élément ne peut pas recevoir cette action dans son état actuel.',
    secondApproverRequired: 'Une deuxième personne doit confirmer cette approbation.',
    movingNow: 'Un traitement déplace cette demande en ce moment. Réessayez dans une minute.',
    nothingToReveal: 'Aucune valeur n’est enregistrée pour ce champ.',
    photoIdNotRead:
      'Le fournisseur n’a pas pu lire la pièce : il n’y a rien à consigner. Refusez-la plutôt.',
    photoIdExpired: 'La pièce est expirée : refusez-la plutôt.',
  },
};

/** Runs an operations route's work, answering its refusals in the caller's language. */
export const runOperations = refusalRunner(operationsRefusalTexts);

/** 409: another staff member holds the item; says who, and until when. */
export class ClaimedByOther extends Refusal {
  constructor(readonly holder: { staffName: string; expiresAt: string }) {
    super(409, 'claimedByOther');
  }

  override detailsIn(_language: RefusalLanguage): object {
    return { holder: this.holder };
  }
}
