import { createContext, useCallback, useContext, useEffect, useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { messageFor } from '@portal/domain/messages/messages';
import type { FieldProblem } from '../../ui/error-summary.tsx';
import { attempt, type Refusal } from './account-api.ts';

/** How a form answers its call (see `send`). */
export interface Answer<T> {
  /** What the call gave back. */
  done(data: T): void | Promise<void>;
  /** A refusal of the form's own, first: true when it dealt with it. */
  refused?(refusal: Refusal): boolean;
  /** Where the other refusals go (see `showRefusal`). */
  ids?: Record<string, string>;
  fieldIdForCode?: Record<string, string>;
  /** The notice when the call failed (network, server); "try again" unless given. */
  failed?: string;
}

/**
 * The page holding the forms hears which of them show errors, so its title can start with
 * "Error: " (GOV.UK) while any does.
 */
export const FormErrorsContext = createContext<(form: string, hasErrors: boolean) => void>(
  () => {},
);

/** Tracks which forms of a page show errors; `hasErrors` feeds the page title. */
export function usePageFormErrors() {
  const [withErrors, setWithErrors] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback((form: string, hasErrors: boolean) => {
    setWithErrors((previous) => {
      if (previous.has(form) === hasErrors) return previous;
      const next = new Set(previous);
      if (hasErrors) next.add(form);
      else next.delete(form);
      return next;
    });
  }, []);
  return { hasErrors: withErrors.size > 0, report };
}

/**
 * A message for a code: the account catalogue's own (`codeFormat`, `wrongPassword`, ...), else
 * the domain's validation messages (`required`, `emailFormat`, `passwordTooShort`, ...).
 */
export function useAccountMessages() {
  const { t, i18n } = useTranslation('account');
  const language = i18n.language.startsWith('fr') ? 'fr' : 'en';
  return useCallback(
    (code: string) =>
      i18n.exists(`account:errors.${code}`)
        ? String(t(`errors.${code}` as 'errors.tryAgain'))
        : messageFor(code, language),
    [t, i18n, language],
  );
}

/**
 * One small form of the settings page, GOV.UK style: its problems (summary and beside each
 * field), a notice for a refusal that is not about one field, a success message read out
 * politely, and a busy flag so a second press sends nothing.
 */
export function useSectionForm(name: string) {
  const { t } = useTranslation('account');
  const report = useContext(FormErrorsContext);
  const message = useAccountMessages();
  const summaryId = `${useId()}-summary`;
  // A new array each time, so the same problem given again moves focus to the summary again.
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => report(name, problems.length > 0), [report, name, problems.length]);
  useEffect(() => () => report(name, false), [report, name]);

  /** Clears what an earlier press left before a new one. */
  const begin = useCallback(() => {
    setProblems([]);
    setNotice(null);
    setSuccess(null);
  }, []);

  /** Field codes (`{ firstName: 'required' }`) onto the fields' ids, in the order given. */
  const showFields = useCallback(
    (fields: Record<string, string>, ids: Record<string, string>) => {
      const order = Object.keys(ids);
      const known = Object.entries(fields)
        .filter(([path]) => ids[path])
        .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
      const entries = known.length > 0 ? known : Object.entries(fields).slice(0, 1);
      setProblems(
        entries.map(([path, code]) => ({
          fieldId: ids[path] ?? Object.values(ids)[0] ?? path,
          message: message(code),
        })),
      );
    },
    [message],
  );

  /**
   * A refusal: its field codes beside the fields when it has any, else the account message of
   * its `errorCode` on the field `fieldIdForCode` names, else as a notice.
   */
  const showRefusal = useCallback(
    (
      refusal: Refusal,
      ids: Record<string, string>,
      fieldIdForCode: Record<string, string> = {},
    ) => {
      if (Object.keys(refusal.fields).length > 0) {
        showFields(refusal.fields, ids);
        return;
      }
      const attempts =
        refusal.attemptsLeft === undefined
          ? ''
          : ` ${t('errors.attemptsLeft', { count: refusal.attemptsLeft })}`;
      const text = `${message(refusal.errorCode || 'tryAgain')}${attempts}`;
      const fieldId = fieldIdForCode[refusal.errorCode];
      if (fieldId) setProblems([{ fieldId, message: text }]);
      else setNotice(text);
    },
    [message, showFields, t],
  );

  /**
   * Sends one call with the form busy meanwhile, then answers it: `done` with what came back;
   * a refusal to `refused` first, else beside its fields or as a notice (`showRefusal`); a
   * failure as a notice.
   */
  const send = useCallback(
    async <T>(call: () => Promise<T>, answer: Answer<T>) => {
      setBusy(true);
      const outcome = await attempt(call);
      setBusy(false);
      if (outcome.kind === 'done') await answer.done(outcome.data);
      else if (outcome.kind === 'failed') setNotice(answer.failed ?? t('errors.tryAgain'));
      else if (!answer.refused?.(outcome.refusal)) {
        showRefusal(outcome.refusal, answer.ids ?? {}, answer.fieldIdForCode);
      }
    },
    [showRefusal, t],
  );

  const errorFor = (fieldId: string) =>
    problems.find((problem) => problem.fieldId === fieldId)?.message;

  return {
    summaryId,
    problems,
    setProblems,
    notice,
    setNotice,
    success,
    setSuccess,
    busy,
    begin,
    showFields,
    showRefusal,
    send,
    errorFor,
    message,
  };
}
