import { describe, expect, it } from 'vitest';
import { allows, transitionTable } from '../status/application-status-machine.ts';
import {
  ESIGN_POLL_INTERVAL_MS,
  esignReturnPath,
  finishLaterPath,
  hasSigned,
  signatureStatuses,
  signedEvent,
  signerOnTurn,
} from './esign.ts';

describe('e-signature rules', () => {
  it('lets the primary applicant sign first, then the joint applicant, and nobody otherwise', () => {
    expect(signerOnTurn('esignatureRequired')).toBe('primary');
    expect(signerOnTurn('jointEsignatureRequired')).toBe('joint');
    for (const [from] of transitionTable()) {
      if (from !== 'esignatureRequired' && from !== 'jointEsignatureRequired') {
        expect(signerOnTurn(from), from).toBeNull();
      }
    }
  });

  it('fires the status machine’s event for whoever signed, which the machine allows then', () => {
    expect(signedEvent('primary', 1)).toBe('primarySignedIndividual');
    expect(signedEvent('primary', 2)).toBe('primarySignedJoint');
    expect(signedEvent('joint', 2)).toBe('jointSigned');
    expect(allows('esignatureRequired', signedEvent('primary', 1))).toBe(true);
    expect(allows('esignatureRequired', signedEvent('primary', 2))).toBe(true);
    expect(allows('jointEsignatureRequired', signedEvent('joint', 2))).toBe(true);
  });

  it('reports a signature not started, or as the vendor does', () => {
    expect(signatureStatuses).toEqual(['notStarted', 'pending', 'signed', 'declined', 'expired']);
  });

  it('polls every 2 seconds by default, and comes back to the signing step', () => {
    expect(ESIGN_POLL_INTERVAL_MS).toBe(2_000);
    expect(esignReturnPath('3f2a9c41-0000-4000-8000-000000000000')).toBe(
      '/#/application/3f2a9c41-0000-4000-8000-000000000000/esign?returned=1',
    );
  });
});

describe('who has signed, read from the status', () => {
  it('the primary once the joint applicant signs next or everyone has signed', () => {
    expect(hasSigned('primary', 'esignatureRequired')).toBe(false);
    expect(hasSigned('primary', 'jointActionRequired')).toBe(false);
    expect(hasSigned('primary', 'jointEsignatureRequired')).toBe(true);
    expect(hasSigned('primary', 'underReview')).toBe(true);
  });

  it('the joint applicant only once everyone has signed', () => {
    expect(hasSigned('joint', 'esignatureRequired')).toBe(false);
    expect(hasSigned('joint', 'jointEsignatureRequired')).toBe(false);
    expect(hasSigned('joint', 'underReview')).toBe(true);
    expect(hasSigned('joint', 'approved')).toBe(true);
  });
});

describe('the Finish later return path', () => {
  it('adds the event to the return path, after its query when it has one', () => {
    expect(finishLaterPath('/#/application/abc/esign?returned=1')).toBe(
      '/#/application/abc/esign?returned=1&event=later',
    );
    expect(finishLaterPath('/#/application/abc/esign')).toBe(
      '/#/application/abc/esign?event=later',
    );
  });
});
