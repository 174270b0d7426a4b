import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { pick, type Language } from '@portal/domain/enums/define-enum';
import { refusalOf } from '../../../lib/applications-api.ts';
import { identityApi, type KbaQuestion } from '../../../lib/identity-api.ts';
import { RadioChoices } from '../../../ui/choices.tsx';
import { ErrorSummary, type FieldProblem } from '../../../ui/error-summary.tsx';
import { ScreenHeading } from './screen-heading.tsx';
import { SubmitFooter } from './submit-footer.tsx';

const fieldIdOf = (question: KbaQuestion) => `kba-${question.id}`;

/**
 * Screen of the credit-file method: the bureau's multiple-choice questions, one radio group
 * each, all required (an error summary on submit lists the unanswered ones), then the
 * bureau's verdict: verified, or failed with the reason (the page offers the next method).
 */
export function QuestionsPanel({
  applicationId,
  attemptId,
  questions,
  focusOnShow,
  onVerified,
  onFailed,
}: {
  applicationId: string;
  attemptId: string;
  questions: KbaQuestion[];
  focusOnShow: boolean;
  onVerified(): void;
  onFailed(reason: string): void;
}) {
  const { t, i18n } = useTranslation('identity');
  const language: Language = i18n.language === 'fr' ? 'fr' : 'en';
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);

  const promptOf = (question: KbaQuestion) => pick(question.prompt, language);
  const problemsOf = (given: Record<string, string>): FieldProblem[] =>
    questions
      .filter((question) => !given[question.id])
      .map((question) => ({
        fieldId: fieldIdOf(question),
        message: t('questions.required'),
        code: 'required',
      }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    const found = problemsOf(answers);
    setProblems(found);
    if (found.length > 0) return;
    setSending(true);
    setFailed(false);
    try {
      const result = await identityApi.answerCreditFile(
        applicationId,
        attemptId,
        questions.map((question) => ({ questionId: question.id, choiceId: answers[question.id]! })),
      );
      if (result.outcome === 'verified') onVerified();
      else onFailed(result.reason);
    } catch (error) {
      const refusal = refusalOf(error);
      // Answered already (another tab): the page reloads where the verification stands.
      if (refusal?.status === 409) onFailed(refusal.body.errorCode);
      else setFailed(true);
      setSending(false);
    }
  }

  const errorOf = (question: KbaQuestion) =>
    problems.find((problem) => problem.fieldId === fieldIdOf(question))?.message;

  return (
    <>
      <ScreenHeading focusOnShow={focusOnShow}>{t('questions.heading')}</ScreenHeading>
      <ErrorSummary problems={problems} titleId="kba-error-summary" />
      <p>{t('questions.intro')}</p>
      <form noValidate onSubmit={submit}>
        {questions.map((question) => (
          <RadioChoices
            key={question.id}
            id={fieldIdOf(question)}
            legend={promptOf(question)}
            error={errorOf(question)}
            value={answers[question.id]}
            choices={question.choices.map((choice) => ({
              value: choice.id,
              label: pick(choice.label, language),
            }))}
            onChange={(choiceId) => {
              const next = { ...answers, [question.id]: choiceId };
              setAnswers(next);
              // Once refused, the summary follows the answers as they are given.
              if (submitted)
                setProblems((shown) => shown.filter((p) => p.fieldId !== fieldIdOf(question)));
            }}
          />
        ))}
        <SubmitFooter
          sending={sending}
          failed={failed}
          sendingText={t('questions.submitting')}
          submitText={t('questions.submit')}
        />
      </form>
    </>
  );
}
