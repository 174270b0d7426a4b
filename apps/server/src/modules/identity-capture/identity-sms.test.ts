import { describe, expect, it } from 'vitest';
import { identityDoneSms, identityLinkSms } from './identity-sms.ts';

describe('identity text messages', () => {
  const input = {
    link: 'https://p.example/#/verify/TOKEN',
    shortLink: 'https://p.example/v/ABCD2345',
  };

  it('carries the link, the short link and the 15 minutes, in English and French', () => {
    const en = identityLinkSms({ language: 'en', ...input });
    expect(en.text).toContain(input.link);
    expect(en.text).toContain(input.shortLink);
    expect(en.text).toContain('15 minutes');
    const fr = identityLinkSms({ language: 'fr', ...input });
    expect(fr.text).toContain('Placements Laurentide');
    expect(fr.text).toContain(input.link);
    expect(fr.text).toContain('valide 15 minutes');
  });

  it('says each outcome in each language', () => {
    expect(identityDoneSms('en', 'verified').text).toContain('identity is verified');
    expect(identityDoneSms('fr', 'verified').text).toContain('votre identité est vérifiée');
    expect(identityDoneSms('en', 'failed').text).toContain('another way');
    expect(identityDoneSms('fr', 'needsReview').text).toContain('examiner');
  });
});
