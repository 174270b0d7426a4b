import { describe, expect, it } from 'vitest';
import { messageFor, messagesEn, messagesFr } from '../messages/messages.ts';
import { identityMessagesEn, identityMessagesFr } from '../messages/identity-messages.ts';
import type { ExpiryTextProblem } from './document-expiry.ts';
import type { DualProcessCode } from './dual-process.ts';

// Every code the identity rules emit; the Record types make a new code fail to compile here.
const expiryCodes: Record<ExpiryTextProblem, true> = {
  required: true,
  expiryFormat: true,
  expiryMonth: true,
  documentExpired: true,
};
const dualProcessCodes: Record<DualProcessCode, true> = {
  required: true,
  invalid: true,
  voidCheque: true,
  notASource: true,
  categoryNotProved: true,
  sameSource: true,
  sameCategory: true,
  sourceIsUs: true,
  sourceIsApplicant: true,
  twoDocuments: true,
};

describe('identity messages', () => {
  it('name every code of the identity rules, in both languages', () => {
    for (const code of [...Object.keys(expiryCodes), ...Object.keys(dualProcessCodes)]) {
      expect(messagesEn, code).toHaveProperty(code);
      expect(messagesFr, code).toHaveProperty(code);
      expect(messageFor(code, 'fr')).not.toBe(messageFor(code, 'en'));
    }
  });

  it('are registered with the other messages and translated, never copied', () => {
    for (const [key, english] of Object.entries(identityMessagesEn)) {
      expect(messageFor(key, 'en')).toBe(english);
      expect(messageFor(key, 'fr')).toBe(
        identityMessagesFr[key as keyof typeof identityMessagesFr],
      );
      expect(messageFor(key, 'fr')).not.toBe(english);
    }
  });

  it('give the support hours in Pacific and Eastern time', () => {
    expect(messageFor('identityNotVerified', 'en')).toContain('5:30 a.m. to 5 p.m. Pacific');
    expect(messageFor('identityNotVerified', 'en')).toContain('8:30 a.m. to 8 p.m. Eastern');
    expect(messageFor('identityNotVerified', 'fr')).toContain(
      'de 5 h 30 à 17 h, heure du Pacifique',
    );
  });

  it('tell the maintenance windows and to come back later', () => {
    expect(messageFor('bureauOffline', 'en')).toMatch(/Monday 9:30 p\.m\. to 1:30 a\.m\..*log out/);
    expect(messageFor('bureauOffline', 'fr')).toMatch(/lundi de 21 h 30 à 1 h 30.*déconnecter/);
  });

  it('offer a way on without a camera', () => {
    expect(messageFor('cameraAccessNeeded', 'en')).toContain('continue without a camera');
    expect(messageFor('cameraAccessNeeded', 'fr')).toContain('continuer sans caméra');
  });
});
