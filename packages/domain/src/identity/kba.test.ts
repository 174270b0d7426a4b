import { describe, expect, it } from 'vitest';
import {
  KBA_QUESTION_COUNT,
  kbaAnswersSchema,
  kbaAnswersSchemaFor,
  kbaQuestionsSchema,
  type KbaQuestion,
} from './kba.ts';

const question = (id: string): KbaQuestion => ({
  id,
  prompt: { en: `Question ${id}?`, fr: `Question ${id}\u00a0?` },
  choices: ['a', 'b', 'c', 'none'].map((choice) => ({
    id: choice,
    label: { en: `Choice ${choice}`, fr: `Choix ${choice}` },
  })),
});
const questions = ['q1', 'q2', 'q3', 'q4'].map(question);
const allAnswered = questions.map((q) => ({ questionId: q.id, choiceId: 'b' }));

describe('credit-bureau questions', () => {
  it('are about four, each with bilingual prompts and choices', () => {
    expect(KBA_QUESTION_COUNT).toBe(4);
    expect(kbaQuestionsSchema.safeParse(questions).success).toBe(true);
  });

  it('refuse a bureau payload with too few questions, repeated ids or a missing language', () => {
    expect(kbaQuestionsSchema.safeParse(questions.slice(0, 2)).success).toBe(false);
    expect(kbaQuestionsSchema.safeParse([...questions.slice(0, 3), question('q1')]).success).toBe(
      false,
    );
    const noFrench = { ...question('q5'), prompt: { en: 'Which?' } };
    expect(kbaQuestionsSchema.safeParse([...questions.slice(0, 3), noFrench]).success).toBe(false);
    const sameChoice = {
      ...question('q5'),
      choices: [question('x').choices[0], question('x').choices[0]],
    };
    expect(kbaQuestionsSchema.safeParse([...questions.slice(0, 3), sameChoice]).success).toBe(
      false,
    );
  });
});

describe('answers', () => {
  it('accept one choice per question asked', () => {
    expect(kbaAnswersSchemaFor(questions).parse({ answers: allAnswered })).toEqual({
      answers: allAnswered,
    });
  });

  it('refuse the same question twice', () => {
    const result = kbaAnswersSchema.safeParse({ answers: [...allAnswered, allAnswered[0]] });
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['answers', 4, 'questionId'], message: 'duplicated' }),
    );
  });

  it('require every question asked, with one of its choices, and nothing else', () => {
    const answers = [
      { questionId: 'q1', choiceId: 'z' },
      { questionId: 'q2', choiceId: 'a' },
      { questionId: 'q9', choiceId: 'a' },
    ];
    const result = kbaAnswersSchemaFor(questions).safeParse({ answers });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['answers.0.choiceId', 'invalid'],
      ['answers.2', 'required'],
      ['answers.3', 'required'],
      ['answers.2.questionId', 'invalid'],
    ]);
    expect(kbaAnswersSchema.safeParse({ answers: [] }).error?.issues[0]?.message).toBe('required');
  });
});
