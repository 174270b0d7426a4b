import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import { smsCodeText } from './account-mail.ts';

/**
 * A code text is one SMS segment in both languages (issue 33): a code split over two segments
 * may arrive in pieces or out of order, and costs twice. French with accents outside the GSM-7
 * alphabet would be sent as UCS-2, 70 characters a segment; Twilio's own segment calculator
 * (TwilioDevEd's sms-segments-calculator) says which encoding and how many segments.
 */
describe('the sign-in and set-up code texts', () => {
  it.each([
    ['en', 'smsSignIn'],
    ['en', 'smsSetup'],
    ['fr', 'smsSignIn'],
    ['fr', 'smsSetup'],
  ] as const)('in %s, %s fits one segment', (language, purpose) => {
    const { text } = smsCodeText(language, { code: '987654', purpose });
    const segmented = new SegmentedMessage(text, 'auto');
    expect(segmented.segmentsCount, `${segmented.getEncodingName()}: ${text}`).toBe(1);
  });

  it('the French text keeps its accents within the GSM-7 alphabet, so it is not sent as UCS-2', () => {
    const { text } = smsCodeText('fr', { code: '987654', purpose: 'smsSetup' });
    expect(text).toMatch(/é/);
    expect(new SegmentedMessage(text, 'auto').getEncodingName()).toBe('GSM-7');
  });
});
