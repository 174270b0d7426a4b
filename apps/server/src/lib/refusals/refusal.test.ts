import { describe, expect, it } from 'vitest';
import { Refusal, refusalText, type RefusalTexts } from './refusal.ts';

const own: RefusalTexts = {
  en: { notFound: 'No such transfer.', notCancellable: 'Too late to cancel.' },
  fr: { notFound: 'Aucun tel transfert.', notCancellable: 'Trop tard pour annuler.' },
};

describe('refusalText', () => {
  it('prefers the module’s own text, then the common one, then the domain’s message', () => {
    expect(refusalText('notFound', 'fr', own)).toBe('Aucun tel transfert.');
    expect(refusalText('fundingNotOpen', 'en', own)).toBe(
      'Funding opens once the application review is agreed.',
    );
    expect(refusalText('fileAlreadyExists', 'fr', own)).toBe('Ce fichier existe déjà.');
  });

  it('answers an unknown code as itself, never an empty message', () => {
    expect(refusalText('somethingNew', 'en', own)).toBe('somethingNew');
  });
});

describe('Refusal', () => {
  it('answers its details in any language unless a subclass says otherwise', () => {
    const refusal = new Refusal(400, 'invalidInput', { fields: { amount: 'required' } });
    expect(refusal.detailsIn('fr')).toEqual({ fields: { amount: 'required' } });
  });
});
