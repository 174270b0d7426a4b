import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kbaQuestionsSchema } from '@portal/domain';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { BureauPerson } from './credit-bureau-provider.ts';
import {
  createSandboxCreditBureau,
  sandboxBureauInputOf,
  sandboxQuestionsOf,
} from './sandbox-credit-bureau.ts';

const person: BureauPerson = {
  firstName: 'Camille',
  lastName: 'Tremblay',
  dateOfBirth: '1985-03-27',
  address: {
    streetNumber: '1200',
    streetName: 'rue Sainte-Catherine Ouest',
    city: 'Montréal',
    postalCode: 'h3b 1k9',
  },
};
const truths = ['rue Sainte-Catherine Ouest', 'Montréal', '1985', 'H3B'];

describe('sandbox credit bureau: documented inputs (docs/sandbox.md)', () => {
  it.each([
    ['Nofile', 'noMatch'],
    ['NOFILE-Smith', 'noMatch'],
    ['Thin', 'thin'],
    ['hardstop', 'hardStop'],
    ['Offline', 'offline'],
    ['Tremblay', 'match'],
    ['Thibault', 'match'],
  ])('reads the last name %s as %s', (lastName, input) => {
    expect(sandboxBureauInputOf(lastName)).toBe(input);
  });

  it('asks four questions from the profile, the truth among four choices, "None of the above" last and never right', () => {
    for (let round = 0; round < 20; round += 1) {
      const asked = sandboxQuestionsOf(person);
      expect(kbaQuestionsSchema.safeParse(asked.map((q) => q.question)).success).toBe(true);
      asked.forEach(({ question, rightChoiceId }, index) => {
        expect(question.choices).toHaveLength(4);
        const right = question.choices.find((choice) => choice.id === rightChoiceId);
        expect(right?.label.en).toBe(truths[index]);
        expect(question.choices.at(-1)?.label).toEqual({
          en: 'None of the above',
          fr: 'Aucune de ces réponses',
        });
        // No wrong choice can be mistaken for any of the person's truths.
        for (const choice of question.choices) {
          if (choice.id === rightChoiceId) continue;
          const label = choice.label.en.toLowerCase();
          for (const truth of truths.map((t) => t.toLowerCase())) {
            expect(label.includes(truth) || truth.includes(label)).toBe(false);
          }
        }
      });
    }
  });
});

describe('sandbox credit bureau: files and answers', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());
  const bureau = () => createSandboxCreditBureau({ db: test.app.db, cipher: test.app.cipher });

  it('finds a six-year file with four tradelines and checks the answers once', async () => {
    const found = await bureau().matchFile(person);
    if (found.outcome !== 'match') throw new Error(`expected a match, got ${found.outcome}`);
    expect(found).toMatchObject({ bureau: 'equifax', fileAgeYears: 6, tradelines: 4 });
    expect(found.fileReference).toMatch(/^EQ\d{10}$/);
    const answers = found.questions.map((question) => ({
      questionId: question.id,
      choiceId: question.choices.find((choice) => truths.includes(choice.label.en))!.id,
    }));
    expect(await bureau().checkAnswers(found.checkReference, answers)).toBe('passed');
    expect(await bureau().checkAnswers(found.checkReference, answers)).toBe('closed');
  });

  it('fails a wrong answer, and returns a thin file as the bureau has it', async () => {
    const found = await bureau().matchFile(person);
    if (found.outcome !== 'match') throw new Error('expected a match');
    const answers = found.questions.map((question) => ({
      questionId: question.id,
      choiceId: question.choices.at(-1)!.id,
    }));
    expect(await bureau().checkAnswers(found.checkReference, answers)).toBe('failed');
    const thin = await bureau().matchFile({ ...person, lastName: 'Thin' });
    expect(thin).toMatchObject({ outcome: 'match', fileAgeYears: 1, tradelines: 1 });
    expect(await bureau().matchFile({ ...person, lastName: 'Offline' })).toEqual({
      outcome: 'offline',
    });
  });

  it('keeps no answer in clear in its own store', async () => {
    const found = await bureau().matchFile(person);
    if (found.outcome !== 'match') throw new Error('expected a match');
    const result = (await test.app.db.execute(
      sql`select state_encrypted from sandbox_identity_checks where id = ${found.checkReference}`,
    )) as unknown as { rows: { state_encrypted: string }[] };
    const stored = result.rows[0]!.state_encrypted;
    for (const question of found.questions) {
      for (const choice of question.choices) expect(stored).not.toContain(choice.id);
    }
  });
});
