import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNavigate } from 'react-router';
import { messageFor } from '@portal/domain/messages/messages';
import type { Language } from '@portal/domain/enums/define-enum';
import type { OnboardingStep } from '@portal/domain/onboarding-steps';
import type { ZodType } from 'zod';
import type { FieldProblem } from '../../../ui/error-summary.tsx';
import { useApplication, stepPath } from './application-context.tsx';
import { onSessionEnd } from '../../../lib/session-end.ts';
import { builtSteps } from './built-steps.ts';
import { dropSessionDraft, readSessionDraft, saveSessionDraft } from './session-draft.ts';
import { whoseAnswer } from './whose-answer.ts';

/** `restored`: the answers typed before the session ended are back, not saved yet. */
/** `restored`: a draft back after signing in again; `kept`: back after leaving the page unsaved. */
export type StepNotice = 'stale' | 'locked' | 'failed' | 'restored' | 'kept' | null;

interface KeyedProblem extends FieldProblem {
  /** The answer's path in the step's data (`homeAddress.postalCode`). */
  key: string;
  /** Who found it: the client's schema can tell when it is fixed; the server's only can not. */
  source: 'client' | 'server';
}

/**
 * The ids of a step's fields, by the path of the answer in the step's data, in page order
 * (`{ sin: 'sin', 'homeAddress.postalCode': 'homeAddress-postalCode' }`).
 */
export type FieldIds = Record<string, string>;

/**
 * One step's form: starts from the draft or the saved answers, keeps every change as a draft,
 * validates with the step's domain schema on Save & Continue (never on blur), saves, and
 * moves on. A refusal never clears what was typed. When the session ends under the person,
 * what they typed is kept in session storage and comes back into the form once they have
 * signed in again (not saved: they check it and press Save and continue), with a notice.
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
  /** Or, for a form whose rows come and go, the ids for the answers as they stand. */
  fieldIds: FieldIds | ((values: V) => FieldIds);
}) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const { application, draftOf, setDraft, save } = useApplication();
  // Read only (a render may run twice); the effect below removes it from storage.
  const [kept] = useState(() =>
    draftOf<V>(step) === undefined ? readSessionDraft<V>(application.id, step) : undefined,
  );
  const restored = kept?.values;
  const [values, setValues] = useState<V>(
    () => draftOf<V>(step) ?? restored ?? initial(application.steps[step]),
  );
  const [problems, setProblems] = useState<KeyedProblem[]>([]);
  const [notice, setNotice] = useState<StepNotice>(
    kept === undefined ? null : kept.reason === 'leftPage' ? 'kept' : 'restored',
  );
  const [saving, setSaving] = useState(false);
  const language = i18n.language as Language;

  // A draft brought back after sign-in is unsaved work: the layout's leave guard knows it.
  const restoredOnce = useRef(false);
  useEffect(() => {
    if (restored === undefined || restoredOnce.current) return;
    restoredOnce.current = true;
    dropSessionDraft(application.id, step);
    setDraft(step, restored, toData(restored));
    // Once, for the draft read when the step opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The session ending keeps what was typed and not saved (session-draft.ts says what is left out).
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  }, [values]);
  useEffect(
    () =>
      onSessionEnd(() => {
        if (draftOf(step) !== undefined) saveSessionDraft(application.id, step, latest.current);
      }),
    [application.id, step, draftOf],
  );

  function update(next: V) {
    const data = toData(next);
    setValues(next);
    setDraft(step, next, data);
    if (problems.length > 0) setProblems(stillStanding(problems, next, toData(values), data));
  }

  /**
   * The problems a change leaves (GOV.UK: no new errors while typing, but a corrected answer's
   * message goes at once, from the summary and beside its field). A problem the schema no longer
   * finds goes, unless only the server found it and its answer has not changed. The ones left
   * are the same objects, so the summary knows nothing new came and keeps the focus where it is.
   */
  function stillStanding(current: KeyedProblem[], next: V, before: unknown, after: unknown) {
    const parsed = schema.safeParse(after);
    const failing = new Set(
      parsed.success
        ? []
        : problemsOf(issueFields(parsed.error.issues), 'client', next).map((p) => p.key),
    );
    const kept = current.filter(
      (problem) =>
        failing.has(problem.key) ||
        (problem.source === 'server' &&
          answerAt(before, problem.key) === answerAt(after, problem.key)),
    );
    return kept.length === current.length ? current : kept;
  }

  /**
   * Each refused path goes to the field that answers for it: the longest registered prefix
   * (`homeAddress.postalCode`, else `homeAddress`), so nested answers show beside their box.
   */
  function problemsOf(
    fields: Record<string, string>,
    source: KeyedProblem['source'],
    answers: V = values,
  ): KeyedProblem[] {
    const ids = typeof fieldIds === 'function' ? fieldIds(answers) : fieldIds;
    const byKey = new Map<string, KeyedProblem>();
    for (const [path, code] of Object.entries(fields)) {
      const parts = path.replace(/^data\./, '').split('.');
      let key = '';
      for (let length = parts.length; length > 0 && !key; length -= 1) {
        const candidate = parts.slice(0, length).join('.');
        if (ids[candidate]) key = candidate;
      }
      key ||= Object.keys(ids)[0] ?? step;
      if (!byKey.has(key)) {
        byKey.set(key, {
          key,
          source,
          fieldId: ids[key] ?? step,
          code,
          message: messageFor(code, language),
          whose: whoseAnswer(step, key),
        });
      }
    }
    // In the order the fields appear on the page, as the error summary should list them.
    const order = Object.keys(ids);
    return [...byKey.values()].sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setNotice(null);
    const data = toData(values);
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      setProblems(problemsOf(issueFields(parsed.error.issues), 'client'));
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
        setProblems(problemsOf(outcome.fields, 'server'));
        return;
      default:
        setNotice(outcome.kind);
    }
  }

  const errorFor = (key: string) => problems.find((problem) => problem.key === key)?.message;

  return { values, update, problems, notice, saving, submit, errorFor, application };
}

/** A schema's refusals as the server words them: the message key by the answer's path. */
function issueFields(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  return Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
}

/** The answer at a dotted path of a step's data, comparable across two versions of it. */
function answerAt(data: unknown, path: string): string | undefined {
  let value = data;
  for (const part of path.split('.')) {
    value =
      value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  }
  return JSON.stringify(value);
}
