import { describe, expect, it } from 'vitest';
import sample from './contracts/connect.sample-v2.json' with { type: 'json' };
import {
  connectEventOf,
  connectSignature,
  connectSignatureVerifier,
  MAX_CONNECT_SIGNATURES,
} from './docusign-connect.ts';
import { envelopeEventTypes } from './esign-provider.ts';

const now = new Date('2026-11-30T12:00:00Z');
const envelopeId = '93be49ab-1234-4c5d-8e9f-f752070d71ec';
/** DocuSign's published sample of a Connect v2 event, filled in as a completed envelope. */
const completed = (overrides: { event?: string; generatedDateTime?: string } = {}) =>
  JSON.stringify({
    ...sample,
    event: overrides.event ?? 'envelope-completed',
    generatedDateTime: overrides.generatedDateTime ?? '2026-11-30T11:59:58.1234567Z',
    data: {
      ...sample.data,
      envelopeId,
      envelopeSummary: { ...sample.data.envelopeSummary, status: 'completed' },
    },
  });

describe('DocuSign Connect signatures (HMAC-SHA256 of the raw body, base64, X-DocuSign-Signature-N)', () => {
  const verify = connectSignatureVerifier(['the-key-being-retired', 'the-new-key']);
  const body = completed();

  it('accepts a body signed with any of the keys, in any of the headers', () => {
    expect(
      verify(body, { 'x-docusign-signature-1': connectSignature('the-new-key', body) }, now),
    ).toEqual({ ok: true });
    expect(
      verify(
        body,
        {
          'x-docusign-signature-1': connectSignature('a-key-we-never-had', body),
          'x-docusign-signature-2': connectSignature('the-key-being-retired', body),
        },
        now,
      ),
    ).toEqual({ ok: true });
  });

  it('matches the algorithm DocuSign documents, byte for byte', () => {
    // HMAC-SHA256 of "{}" with the key "key", base64: computed independently with openssl
    // (`printf '{}' | openssl dgst -sha256 -hmac key -binary | base64`).
    expect(connectSignature('key', '{}')).toBe('p3dyTZQ+tI3Gm8qKSm1XoE2z+ex+HeTlgehgJlvfMDI=');
  });

  it('refuses a forged, tampered or unsigned delivery', () => {
    expect(
      verify(body, { 'x-docusign-signature-1': connectSignature('guessed', body) }, now),
    ).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    const tampered = body.replace('envelope-completed', 'envelope-declined');
    expect(
      verify(tampered, { 'x-docusign-signature-1': connectSignature('the-new-key', body) }, now),
    ).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verify(body, {}, now)).toEqual({ ok: false, reason: 'missing' });
    // Only the ten headers DocuSign may send are read.
    expect(
      verify(
        body,
        {
          [`x-docusign-signature-${MAX_CONNECT_SIGNATURES + 1}`]: connectSignature(
            'the-new-key',
            body,
          ),
        },
        now,
      ),
    ).toEqual({ ok: false, reason: 'missing' });
  });
});

describe('DocuSign Connect events, as the portal reads them', () => {
  it('reads the published sample as the envelope’s end, in the portal’s event types', () => {
    const event = connectEventOf(JSON.parse(completed()));
    expect(event).toEqual({
      id: expect.stringMatching(/^docusign:[\w-]{43}$/),
      type: envelopeEventTypes.signed,
      occurredAt: '2026-11-30T11:59:58.1234567Z',
      data: { envelopeId },
    });
    expect(connectEventOf(JSON.parse(completed({ event: 'envelope-declined' }))).type).toBe(
      envelopeEventTypes.declined,
    );
    expect(connectEventOf(JSON.parse(completed({ event: 'envelope-voided' }))).type).toBe(
      envelopeEventTypes.expired,
    );
    // Another event keeps its own name and so changes nothing.
    expect(connectEventOf(JSON.parse(completed({ event: 'recipient-delivered' }))).type).toBe(
      'docusign.recipient-delivered',
    );
  });

  it('gives a redelivery the same id and another event another', () => {
    const first = connectEventOf(JSON.parse(completed()));
    expect(connectEventOf(JSON.parse(completed())).id).toBe(first.id);
    expect(
      connectEventOf(JSON.parse(completed({ generatedDateTime: '2026-11-30T12:05:00Z' }))).id,
    ).not.toBe(first.id);
    expect(connectEventOf(JSON.parse(completed({ event: 'envelope-voided' }))).id).not.toBe(
      first.id,
    );
  });

  it('refuses a body that is not a Connect event (the sample as published has no time)', () => {
    expect(() => connectEventOf(sample)).toThrow();
    expect(() =>
      connectEventOf({
        event: 'envelope-completed',
        generatedDateTime: '2026-11-30T11:59:58Z',
        data: {},
      }),
    ).toThrow();
  });
});
