import { describe, expect, it } from 'vitest';
import { derivedWebhookSecret, signWebhook, verifyWebhook } from './webhook-signature.ts';

const secret = 'shared-with-the-vendor';
const body = JSON.stringify({ id: 'evt_1', type: 'envelope.signed', data: { envelopeId: 'e1' } });
const at = new Date('2026-11-23T21:00:00Z');

describe('webhook signatures', () => {
  it('accepts the body the vendor signed, at the time it signed', () => {
    expect(verifyWebhook(secret, body, signWebhook(secret, body, at), at)).toEqual({
      ok: true,
      signedAt: at,
    });
  });

  it('refuses a body changed after signing, even by one character', () => {
    const header = signWebhook(secret, body, at);
    expect(verifyWebhook(secret, body.replace('e1', 'e2'), header, at)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('refuses a signature made with another secret', () => {
    expect(verifyWebhook(secret, body, signWebhook('someone-else', body, at), at).ok).toBe(false);
  });

  it('refuses a delivery signed more than five minutes away from now (a replay of an old one)', () => {
    const header = signWebhook(secret, body, at);
    const later = new Date(at.getTime() + 301_000);
    expect(verifyWebhook(secret, body, header, later)).toEqual({ ok: false, reason: 'stale' });
    expect(verifyWebhook(secret, body, header, new Date(at.getTime() + 299_000)).ok).toBe(true);
  });

  it('refuses a fresh timestamp put on an old signature', () => {
    const old = signWebhook(secret, body, at);
    const signature = old.split(',v1=')[1];
    const forged = `t=${Math.floor(at.getTime() / 1000) + 600},v1=${signature}`;
    expect(verifyWebhook(secret, body, forged, new Date(at.getTime() + 600_000))).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('says a missing or malformed header is one, without throwing', () => {
    expect(verifyWebhook(secret, body, undefined, at)).toEqual({ ok: false, reason: 'missing' });
    for (const header of ['', 'v1=abc', 't=abc,v1=00', 't=1,v1=zz', 't=1']) {
      expect(verifyWebhook(secret, body, header, at).ok).toBe(false);
    }
  });

  it('derives one secret per vendor role from the application secret', () => {
    expect(derivedWebhookSecret('app', 'esign')).toBe(derivedWebhookSecret('app', 'esign'));
    expect(derivedWebhookSecret('app', 'esign')).not.toBe(derivedWebhookSecret('app', 'identity'));
    expect(derivedWebhookSecret('app', 'esign')).not.toBe(derivedWebhookSecret('other', 'esign'));
  });
});
