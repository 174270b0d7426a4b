import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageFor } from '@portal/domain/messages/messages';
import type { Language } from '@portal/domain/enums/define-enum';
import type { OnboardingStep } from '@portal/domain/onboarding-steps';
import type { ZodType } from 'zod';
import type { FieldProblem } from '../../ui/error-summary.tsx';
import { useApplication, stepPath } from './application-context.tsx';
import { builtSteps } from './built-steps.ts';

export type StepNotice = 'stale' | 'locked' | 'failed' | null;

/** The ids of a step's fields, by the first part of the domain schema's issue path. */
export type FieldIds = Record<string, string>;

/**
 * One step's form: starts from the draft or the saved answers, keeps every change as a draft,
 * validates with the step's domain schema on Save & Continue (never on blur), saves, and
 * moves on. A refusal never clears what was typed.
 */
export function useStepForm<V>({
  step,
  initial,
  toData,
  schema,
  fieldIds,
}: {
  step: OnboardingStep;
  initial(saved: unknown): V;
  toData(values: V): unknown;
  schema: ZodType;
  fieldIds: FieldIds;
}) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const { application, draftOf, setDraft, save } = useApplication();
  const [values, setValues] = useState<V>(
    () => draftOf<V>(step) ?? initial(application.steps[step]),
  );
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [notice, setNotice] = useState<StepNotice>(null);
  const [saving, setSaving] = useState(false);
  const language = i18n.language as Language;

  function update(next: V) {
    setValues(next);
    setDraft(step, next, toData(next));
  }

  function show(fields: Record<string, string>) {
    const byField = new Map<string, FieldProblem>();
    for (const [path, code] of Object.entries(fields)) {
      const key = path.replace(/^data\./, '').split('.')[0] ?? '';
      const fieldId = fieldIds[key] ?? Object.values(fieldIds)[0] ?? step;
      if (!byField.has(fieldId))
        byField.set(fieldId, { fieldId, message: messageFor(code, language) });
    }
    setProblems([...byField.values()]);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setNotice(null);
    const data = toData(values);
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      show(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
        ),
      );
      return;
    }
    setProblems([]);
    setSaving(true);
    const outcome = await save(step, data);
    setSaving(false);
    switch (outcome.kind) {
      case 'saved': {
        const next = outcome.next;
        if (next && builtSteps.has(next)) navigate(stepPath(application.id, next));
        else navigate('/home/dashboard', { state: { savedApplication: application.id } });
        return;
      }
      case 'invalid':
        show(outcome.fields);
        return;
      default:
        setNotice(outcome.kind);
    }
  }

  const errorFor = (key: string) => {
    const id = fieldIds[key];
    return problems.find((problem) => problem.fieldId === id)?.message;
  };

  return { values, update, problems, notice, saving, submit, errorFor, application };
}
