import { describe, expect, it } from 'vitest';
import {
  pepFormAnswersFor,
  pepFormFields,
  pepFormPersonSchema,
  pepFormQuestions,
  type PepFormPerson,
} from './pep-form.ts';

const answers: PepFormPerson = {
  category: 'foreignPep',
  position: 'Minister of Finance',
  organization: 'Government of France',
  countryId: 75,
  heldFrom: '2019-05-01',
  sourceOfWealth: 'Salary and inheritance',
  sourceOfFunds: 'Savings account at a Canadian bank',
  expectedActivity: 'Monthly deposits, a few trades a year',
};

const codesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}:${issue.message}`);

describe('the PEP/HIO form', () => {
  it('labels every question in English and French', () => {
    for (const field of pepFormFields) {
      expect(pepFormQuestions[field].label.en).toBeTruthy();
      expect(pepFormQuestions[field].label.fr).toBeTruthy();
    }
  });

  it('accepts a complete answer, the position still held', () => {
    expect(pepFormPersonSchema.safeParse(answers).success).toBe(true);
  });

  it('asks a family member or associate for the relationship and the exposed person', () => {
    const result = pepFormPersonSchema.safeParse({
      ...answers,
      category: 'familyOrCloseAssociate',
    });
    expect(codesOf(result)).toEqual(['relationship:required', 'exposedPersonName:required']);
  });

  it('refuses an end before the start and a missing answer', () => {
    const result = pepFormPersonSchema.safeParse({
      ...answers,
      heldTo: '2018-01-01',
      sourceOfFunds: '  ',
    });
    expect(codesOf(result).sort()).toEqual(['heldTo:endBeforeStart', 'sourceOfFunds:required']);
    expect(codesOf(pepFormPersonSchema.safeParse({ ...answers, heldTo: '2018-01-01' }))).toEqual([
      'heldTo:endBeforeStart',
    ]);
  });

  it('wants exactly the people who must answer', () => {
    expect(pepFormAnswersFor(['primary']).safeParse({ primary: answers }).success).toBe(true);
    expect(
      codesOf(pepFormAnswersFor(['primary', 'joint']).safeParse({ primary: answers })),
    ).toEqual(['joint:required']);
    expect(
      codesOf(pepFormAnswersFor(['joint']).safeParse({ primary: answers, joint: answers })),
    ).toEqual(['primary:invalid']);
  });
});
