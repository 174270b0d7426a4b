import { describe, expect, it } from 'vitest';
import { currencyOfTypeId, currencyTypeIdOf, currencyTypes } from '../enums/funding.ts';
import { fundingMessagesEn, fundingMessagesFr } from './funding-messages.ts';
import { messageFor } from './messages.ts';

describe('funding messages', () => {
  it('say the spec’s section 8 texts word for word in English', () => {
    expect(messageFor('eftRequestError', 'en')).toBe(
      'EFT request error occurred. Try again or contact support.',
    );
    expect(messageFor('fileUploadUnsuccessful', 'en')).toBe(
      'File upload unsuccessful. Please contact support.',
    );
    expect(messageFor('bankConnectionFailure', 'en')).toBe(
      'We could not connect to your bank. Please try again later or upload a void cheque.',
    );
    expect(messageFor('bankAccountAlreadyConnected', 'en')).toBe(
      'This bank account is already connected.',
    );
    expect(messageFor('eftMinimum', 'en')).toBe('The minimum amount is $50.');
  });

  it('tell plainly, in both languages, that a bank account held by someone else cannot be used, and offer the void cheque', () => {
    expect(messageFor('holderNameMismatch', 'en')).toContain('upload a void cheque');
    expect(messageFor('holderNameMismatch', 'fr')).toBe(
      'Le nom du titulaire de ce compte bancaire ne correspond pas au nom inscrit dans votre demande. Choisissez un compte à votre nom ou téléversez un chèque annulé.',
    );
    expect(messageFor('bankConnectionUnavailable', 'fr')).toContain('Rien n’a été perdu\u00a0:');
  });

  it('say them in French, with French typography', () => {
    expect(messageFor('eftMinimum', 'fr')).toBe('Le montant minimum est de 50\u00a0$.');
    expect(messageFor('bankConnectionFailure', 'fr')).toBe(
      'Nous n’avons pas pu nous connecter à votre banque. Réessayez plus tard ou téléversez un chèque annulé.',
    );
    expect(messageFor('eftMaximum', 'fr')).toContain('1\u00a0000\u00a0000\u00a0$');
  });

  it('name every code of the funding schemas and services in both languages', () => {
    const codes = [
      'eftRequestError',
      'cancelPacFailed',
      'deletePacFailed',
      'fileUploadUnsuccessful',
      'bankConnectionFailure',
      'bankAccountAlreadyConnected',
      'eftMinimum',
      'eftMaximum',
      'startDateTooSoon',
      'notBusinessDay',
      'invalidDate',
      'agreementRequired',
      'sourceRequired',
      'currencyMismatch',
      'institutionFormat',
      'transitFormat',
      'bankAccountFormat',
      'nicknameRequired',
      'nicknameTooLong',
      'bankConnectionExpired',
      'bankConnectionUnavailable',
      'holderNameMismatch',
      'notPending',
      'notActive',
      'inUse',
      'notEftEligible',
    ];
    expect(Object.keys(fundingMessagesEn).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      expect(messageFor(code, 'en'), code).not.toBe(messageFor('invalid', 'en'));
      expect(messageFor(code, 'fr'), code).not.toBe(messageFor(code, 'en'));
    }
    expect(Object.keys(fundingMessagesFr).sort()).toEqual(Object.keys(fundingMessagesEn).sort());
  });

  it('use the typographic apostrophe in French', () => {
    for (const text of Object.values(fundingMessagesFr)) expect(text).not.toContain("'");
  });
});

describe('currency types', () => {
  it('map CAD 1 and USD 2 both ways', () => {
    expect(currencyTypes).toEqual({ CAD: 1, USD: 2 });
    expect(currencyTypeIdOf('USD')).toBe(2);
    expect(currencyOfTypeId(1)).toBe('CAD');
    expect(currencyOfTypeId(3)).toBeUndefined();
  });
});
