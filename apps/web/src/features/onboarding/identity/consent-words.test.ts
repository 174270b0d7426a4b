import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BIOMETRIC_CONSENT_VERSION } from '@portal/domain/identity/biometric-consent';
import en from '../../../locales/en/identity.json';
import fr from '../../../locales/fr/identity.json';

/**
 * The words of each version of the consent to the comparison of the selfie (ADR 0036), as a
 * digest of both catalogues' `consent` texts. The server records the version a person agreed
 * to, so changing the words needs a new BIOMETRIC_CONSENT_VERSION and a new line here; the old
 * lines stay, naming words that were agreed to.
 */
const wordsOfVersion: Record<string, string> = {
  '2026-11-30': 'c3fc639b2669aca431398895e6f92245c6661a256f6b240f60eb27b1e5f0548e',
};

describe('the consent to the comparison of the selfie with the photo ID', () => {
  it('keeps the words of the version the server records', () => {
    const digest = createHash('sha256')
      .update(JSON.stringify([en.consent, fr.consent]))
      .digest('hex');
    expect(digest).toBe(wordsOfVersion[BIOMETRIC_CONSENT_VERSION]);
  });
});
