import { describe, expect, it } from 'vitest';
import { answersOutline } from '../answers/answers-outline.ts';
import { everyAnswer } from '../answers/answers.fixtures.ts';
import { SUPPORT_PHONE } from '../brand.ts';
import { messageFor } from '../messages/messages.ts';
import { accountNumberOf } from '../operations/account-numbers.ts';
import { completeProfile } from './profile.fixtures.ts';
import {
  JOINT_SHARE_DEFAULT_PERCENT,
  normalizeShareholderId,
  primaryShareOf,
  shareholderIdProblem,
} from './joint-ownership.ts';
import { profileStepSchema } from './profile.ts';

const context = { today: '2026-11-27', accounts: ['cash'] as const };
const joint = (overrides: Record<string, unknown> = {}) =>
  profileStepSchema({ ...context, joint: true }).safeParse({
    ...completeProfile,
    preferredLanguage: 'en',
    ...overrides,
  });

describe('the joint applicant’s shareholder ID and share', () => {
  const number = accountNumberOf(1_234_567);

  it('takes a client number as typed, spaces and dashes aside, and refuses a wrong check digit', () => {
    expect(normalizeShareholderId(` ${number.slice(0, 4)}-${number.slice(4)} `)).toBe(number);
    expect(shareholderIdProblem(number)).toBeUndefined();
    expect(shareholderIdProblem('')).toBeUndefined();
    expect(shareholderIdProblem(undefined)).toBeUndefined();
    const wrongDigit = `${number.slice(0, 7)}${(Number(number[7]) + 1) % 10}`;
    expect(shareholderIdProblem(wrongDigit)).toBe('shareholderIdFormat');
    expect(shareholderIdProblem('1234567')).toBe('shareholderIdFormat');
    expect(shareholderIdProblem(12345678)).toBe('shareholderIdFormat');
  });

  it('keeps the ID normalized, and the share from 0 to 100 (half when not said)', () => {
    expect(joint({ shareholderId: `${number.slice(0, 4)} ${number.slice(4)}` }).data).toMatchObject(
      { shareholderId: number, shareholderPercent: JOINT_SHARE_DEFAULT_PERCENT },
    );
    expect(joint({ shareholderPercent: '0' }).data?.shareholderPercent).toBe(0);
    expect(joint({ shareholderPercent: '33,5' }).data?.shareholderPercent).toBe(33.5);
    expect(joint({ shareholderPercent: 100 }).data?.shareholderPercent).toBe(100);
    expect(joint({ shareholderPercent: '100.01' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['shareholderPercent'], message: 'percentRange' }),
    ]);
    expect(joint({ shareholderPercent: '' }).error?.issues[0]?.message).toBe('required');
    expect(joint({ shareholderId: 'abc' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['shareholderId'], message: 'shareholderIdFormat' }),
    ]);
  });

  it('is the joint applicant’s only: the primary’s profile keeps neither', () => {
    const primary = profileStepSchema(context).parse({
      ...completeProfile,
      shareholderId: number,
      shareholderPercent: 10,
    });
    expect(primary).not.toHaveProperty('shareholderId');
    expect(primary).not.toHaveProperty('shareholderPercent');
  });

  it('gives the primary the rest, to the hundredth', () => {
    expect(primaryShareOf(40)).toBe(60);
    expect(primaryShareOf(33.33)).toBe(66.67);
    expect(primaryShareOf(0)).toBe(100);
  });
});

describe('the existing-client messages (spec section 8)', () => {
  it('say the spec’s words, and name the support phone', () => {
    expect(messageFor('existingAccount', 'en')).toBe(
      'Our records indicate that you have an existing account. Please log in with your existing username to begin a new application.',
    );
    expect(messageFor('identityMismatch', 'en')).toBe(
      'Please check application Email, SIN or Date of Birth. For assistance contact our client support team.',
    );
    expect(messageFor('identityMismatchJoint', 'en')).toContain("joint applicant's Email, SIN");
    expect(messageFor('identityMismatchJoint', 'fr')).toContain('du codemandeur');
    for (const language of ['en', 'fr'] as const) {
      expect(messageFor('shareholderIdNotValidated', language)).toContain(SUPPORT_PHONE.display);
    }
    expect(messageFor('shareholderIdNotValidated', 'en')).toMatch(
      /^We were not able to validate your information/,
    );
  });

  it('gives the support line as a dialable toll-free number', () => {
    expect(SUPPORT_PHONE.tel).toBe(`+${SUPPORT_PHONE.display.replace(/-/g, '')}`);
    expect(SUPPORT_PHONE.display).toMatch(/^1-8(00|33|44|55|66|77|88)-\d{3}-\d{4}$/);
  });
});

const frPercent = (value: number) =>
  new Intl.NumberFormat('fr', { style: 'percent' }).format(value);

describe('the shareholder ID and share on the review outline', () => {
  // The fixture's joint applicant gives a client number and holds 40%.
  const steps = everyAnswer;
  const rowOf = (language: 'en' | 'fr', id: string) =>
    answersOutline(steps, language)
      .flatMap((section) => section.rows)
      .find((row) => row.id === id);

  it('shows the joint applicant’s client number and both shares, in each language', () => {
    expect(rowOf('en', 'profilejoint.shareholderId')?.value).toBe('12345674');
    expect(rowOf('en', 'profilejoint.shareholderPercent')?.value).toBe(
      '40% held by the joint applicant, 60% by the primary applicant',
    );
    expect(rowOf('fr', 'profilejoint.shareholderPercent')?.value).toBe(
      // The space before % is whichever the platform's French formatting uses.
      `${frPercent(0.4)} détenus par le codemandeur, ${frPercent(0.6)} par le demandeur principal`,
    );
  });

  it('says none was given rather than leaving the row blank', () => {
    const withoutId = Object.fromEntries(
      Object.entries(steps.profilejoint as Record<string, unknown>).filter(
        ([key]) => key !== 'shareholderId',
      ),
    );
    const outline = answersOutline({ ...steps, profilejoint: withoutId }, 'fr');
    const row = outline
      .flatMap((section) => section.rows)
      .find((r) => r.id === 'profilejoint.shareholderId');
    expect(row?.value).toBe('Aucun');
  });
});
