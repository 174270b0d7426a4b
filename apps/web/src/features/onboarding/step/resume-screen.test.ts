import { describe, expect, it } from 'vitest';
import type { ApplicationDetail } from '../../../lib/applications-api.ts';
import { resumeScreen } from './application-layout.tsx';

const agreed = (changes: Partial<ApplicationDetail> & { identity?: { state: string } }) =>
  ({
    id: 'aaaaaaaa-0000-4000-8000-000000000000',
    status: 'esignatureRequired',
    role: 'primary',
    version: 3,
    ownershipTypeId: 1,
    nextStep: 'esign',
    accounts: [],
    createdAt: '2026-11-23T12:00:00Z',
    updatedAt: '2026-11-23T12:00:00Z',
    steps: { ownership: { ownershipTypeId: 1 } },
    ...changes,
  }) as ApplicationDetail;

describe('where an agreed application resumes, with identity verification (issue 13)', () => {
  it('a person to sign who is not verified resumes at the identity step', () => {
    expect(resumeScreen(agreed({ identity: { state: 'notStarted' } }))).toBe('qualid');
    expect(resumeScreen(agreed({ identity: { state: 'needsReview' } }))).toBe('qualid');
  });

  it('once verified, at signing', () => {
    expect(resumeScreen(agreed({ identity: { state: 'verified' } }))).toBe('esign');
  });

  it('the joint applicant verifying on their own sign-in resumes at the identity step', () => {
    const joint = agreed({
      role: 'joint',
      status: 'jointEidUndetermined',
      identity: { state: 'notStarted' },
    });
    expect(resumeScreen(joint)).toBe('qualid');
  });

  it('someone who has signed goes to the next steps, verified or not', () => {
    expect(resumeScreen(agreed({ status: 'underReview', identity: { state: 'notStarted' } }))).toBe(
      'nextsteps',
    );
  });

  it('without an identity (the server bypasses verification) nothing changes', () => {
    expect(resumeScreen(agreed({}))).toBe('esign');
  });
});
