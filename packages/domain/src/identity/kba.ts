import { z } from 'zod';

/**
 * The credit bureau's knowledge-based questions (regulatory facts §1, "Credit-bureau KBA"):
 * about four multiple-choice questions drawn from the person's credit file, each with one
 * right choice. They guard against impersonation; the FINTRAC method is still the credit file.
 * The bureau's texts reach the client in both languages; only ids travel back.
 */
export const KBA_QUESTION_COUNT = 4;
/** Bureaus ask between three and six; more or fewer is a bureau payload we refuse. */
export const KBA_QUESTIONS_MIN = 3;
export const KBA_QUESTIONS_MAX = 6;
const ID_MAX = 64;
const TEXT_MAX = 500;

const idSchema = z.string().trim().min(1, 'required').max(ID_MAX, 'invalid');
const bilingualTextSchema = z.object({
  en: z.string().trim().min(1).max(TEXT_MAX),
  fr: z.string().trim().min(1).max(TEXT_MAX),
});

export const kbaChoiceSchema = z.object({ id: idSchema, label: bilingualTextSchema });

export const kbaQuestionSchema = z
  .object({
    id: idSchema,
    prompt: bilingualTextSchema,
    choices: z.array(kbaChoiceSchema).min(2).max(8),
  })
  .refine(
    (question) =>
      new Set(question.choices.map((choice) => choice.id)).size === question.choices.length,
    { message: 'duplicated', path: ['choices'] },
  );
export type KbaQuestion = z.output<typeof kbaQuestionSchema>;

/** The questions as the server hands them to the client (never the right answers). */
export const kbaQuestionsSchema = z
  .array(kbaQuestionSchema)
  .min(KBA_QUESTIONS_MIN)
  .max(KBA_QUESTIONS_MAX)
  .refine((questions) => new Set(questions.map((q) => q.id)).size === questions.length, {
    message: 'duplicated',
  });

const answerSchema = z.object({ questionId: idSchema, choiceId: idSchema });

/** The applicant's answers: one choice per question, each question once. */
export const kbaAnswersSchema = z.object({
  answers: z
    .array(answerSchema)
    .min(1, 'required')
    .max(KBA_QUESTIONS_MAX, 'invalid')
    .superRefine((answers, context) => {
      const seen = new Set<string>();
      answers.forEach((answer, index) => {
        if (seen.has(answer.questionId)) {
          context.addIssue({ code: 'custom', message: 'duplicated', path: [index, 'questionId'] });
        }
        seen.add(answer.questionId);
      });
    }),
});
export type KbaAnswers = z.output<typeof kbaAnswersSchema>;

/**
 * The answers checked against the questions that were asked: every question answered
 * (`required` at its index in the questions) with one of its own choices (`invalid`), and no
 * answer to a question that was not asked (`invalid`).
 */
export function kbaAnswersSchemaFor(questions: readonly KbaQuestion[]) {
  return kbaAnswersSchema.superRefine(({ answers }, context) => {
    const byQuestion = new Map(answers.map((answer) => [answer.questionId, answer.choiceId]));
    questions.forEach((question, index) => {
      const choiceId = byQuestion.get(question.id);
      if (choiceId === undefined) {
        context.addIssue({ code: 'custom', message: 'required', path: ['answers', index] });
      } else if (!question.choices.some((choice) => choice.id === choiceId)) {
        context.addIssue({
          code: 'custom',
          message: 'invalid',
          path: ['answers', index, 'choiceId'],
        });
      }
    });
    const asked = new Set(questions.map((question) => question.id));
    answers.forEach((answer, index) => {
      if (!asked.has(answer.questionId)) {
        context.addIssue({
          code: 'custom',
          message: 'invalid',
          path: ['answers', index, 'questionId'],
        });
      }
    });
  });
}
