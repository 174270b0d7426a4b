import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { pick, type Language } from '@portal/domain/enums/define-enum';
import { messageFor } from '@portal/domain/messages/messages';
import type { PepFormStatus } from '@portal/domain/operations/operations-api';
import {
  PEP_FORM_LONG_TEXT_MAX,
  PEP_FORM_TEXT_MAX,
  pepCategories,
  pepCategoryLabels,
  pepFormAnswersFor,
  pepFormFields,
  pepFormQuestions,
  pepFormRoleLabels,
  pepRelationshipLabels,
  pepRelationships,
  type PepCategory,
  type PepFormField,
  type PepFormPerson,
} from '@portal/domain/operations/pep-form';
import type { ApplicantRole } from '@portal/domain/rules/onboarding-flow';
import { refusalOf } from '../../lib/applications-api.ts';
import { pepFormApi } from '../../lib/pep-form-api.ts';
import { referenceOptions, useReferenceList } from '../../lib/reference-lists.ts';
import { useResource } from '../../lib/use-resource.ts';
import { RadioChoices } from '../../ui/choices.tsx';
import { ErrorSummary, type FieldProblem } from '../../ui/error-summary.tsx';
import { describedByOf, FieldMessages } from '../../ui/field-messages.tsx';
import formStyles from '../../ui/forms.module.css';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import styles from './outcome.module.css';

/** One person's answers as typed: every question a string (the country its id). */
type Draft = Record<PepFormField, string>;
type Drafts = Partial<Record<ApplicantRole, Draft>>;

const emptyDraft = (): Draft =>
  Object.fromEntries(pepFormFields.map((field) => [field, ''])) as Draft;

/** The saved answers of a person back into the form (answers are kept while the form is due). */
function draftOf(saved: unknown): Draft {
  const draft = emptyDraft();
  if (typeof saved !== 'object' || saved === null) return draft;
  const person = saved as Partial<PepFormPerson>;
  for (const field of pepFormFields) {
    const value = field === 'country' ? person.countryId : person[field];
    if (value !== undefined && value !== null) draft[field] = String(value);
  }
  return draft;
}

const isFamily = (draft: Draft) => draft.category === pepCategories.familyOrCloseAssociate;

/**
 * What is sent of a person's draft: empty optional answers left out, the family questions only
 * for a family member or associate (they are hidden otherwise), the country as its id.
 */
function answersOf(draft: Draft): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of pepFormFields) {
    const value = draft[field].trim();
    if (value === '') continue;
    if ((field === 'relationship' || field === 'exposedPersonName') && !isFamily(draft)) continue;
    if (field === 'country') answers.countryId = Number(value);
    else answers[field] = value;
  }
  return answers;
}

/** A refused answer: whose, which question, and the code of its problem. */
interface Problem {
  role: ApplicantRole;
  field: PepFormField;
  code: string;
}

const fieldOfPath = (key: unknown): PepFormField | undefined =>
  key === 'countryId'
    ? 'country'
    : (pepFormFields as readonly unknown[]).includes(key)
      ? (key as PepFormField)
      : undefined;

const idOf = (role: ApplicantRole, field: PepFormField) => `pep-${role}-${field}`;

/** Questions answered in a paragraph or more. */
const longFields = new Set<PepFormField>(['sourceOfWealth', 'sourceOfFunds', 'expectedActivity']);

/**
 * The PEP/HIO form's questions on screen (issue 16; spec section 9), for each person who must
 * answer, with the domain's labels and checks (the schema the server applies, so both agree).
 * Problems show at their question with an error summary; nothing typed is lost on a refusal.
 */
export function PepFormQuestions({
  applicationId,
  onSubmitted,
}: {
  applicationId: string;
  onSubmitted(status: PepFormStatus): void;
}) {
  const { t, i18n } = useTranslation('dashboardOutcome');
  const language: Language = i18n.language.startsWith('fr') ? 'fr' : 'en';
  const load = useCallback(
    (signal: AbortSignal) => pepFormApi.get(applicationId, signal),
    [applicationId],
  );
  const { resource: form, retry } = useResource(load);
  const { resource: countries, retry: retryCountries } = useReferenceList('countries');

  // What the person typed, by role; filled from the saved answers when the form has loaded.
  const [drafts, setDrafts] = useState<Drafts>({});
  const [problems, setProblems] = useState<Problem[]>([]);
  const [notice, setNotice] = useState<'submitFailed' | 'notFound' | null>(null);
  const [sending, setSending] = useState(false);

  const people = form.state === 'ready' ? form.data.people : [];
  const saved = form.state === 'ready' ? (form.data.answers as Record<string, unknown>) : undefined;
  const draftFor = (role: ApplicantRole): Draft => drafts[role] ?? draftOf(saved?.[role]);
  const change = (role: ApplicantRole, field: PepFormField, value: string) =>
    setDrafts((current) => ({
      ...current,
      [role]: { ...(current[role] ?? draftOf(saved?.[role])), [field]: value },
    }));

  const messageOf = useCallback(
    (field: PepFormField, code: string) => {
      if (code === 'tooLong') {
        return t('pepForm.tooLong', {
          max: longFields.has(field) ? PEP_FORM_LONG_TEXT_MAX : PEP_FORM_TEXT_MAX,
        });
      }
      if (code === 'endBeforeStart') return t('pepForm.endBeforeStart');
      return messageFor(code, language);
    },
    [t, language],
  );
  // Stable between renders: the error summary takes focus each time its problems change.
  const summary = useMemo<FieldProblem[]>(
    () =>
      problems.map(({ role, field, code }) => ({
        fieldId: idOf(role, field),
        message: messageOf(field, code),
        code: code === 'invalid' ? 'invalid' : undefined,
      })),
    [problems, messageOf],
  );
  const errorFor = (role: ApplicantRole, field: PepFormField) => {
    const problem = problems.find((p) => p.role === role && p.field === field);
    return problem ? messageOf(field, problem.code) : undefined;
  };

  /** One problem per question, in the form's order (the order the summary lists them). */
  function inFormOrder(found: Problem[]): Problem[] {
    return people.flatMap((role) =>
      pepFormFields.flatMap((field) => {
        const problem = found.find((p) => p.role === role && p.field === field);
        return problem ? [problem] : [];
      }),
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending || form.state !== 'ready') return;
    setNotice(null);
    const answers = Object.fromEntries(people.map((role) => [role, answersOf(draftFor(role))]));
    const checked = pepFormAnswersFor(people).safeParse(answers);
    if (!checked.success) {
      setProblems(
        inFormOrder(
          checked.error.issues.flatMap((issue) => {
            const [role, key] = issue.path;
            const field = fieldOfPath(key);
            return (role === 'primary' || role === 'joint') && field
              ? [{ role, field, code: issue.message }]
              : [];
          }),
        ),
      );
      return;
    }
    setProblems([]);
    setSending(true);
    try {
      const view = await pepFormApi.submit(applicationId, checked.data);
      onSubmitted(view.status);
    } catch (error) {
      const refusal = refusalOf(error);
      const fields = refusal?.status === 400 ? refusal.body.fields : undefined;
      const atFields = Object.entries(fields ?? {}).flatMap(([path, code]): Problem[] => {
        const [role, key] = path.split('.');
        const field = fieldOfPath(key);
        return (role === 'primary' || role === 'joint') && field ? [{ role, field, code }] : [];
      });
      if (atFields.length > 0) setProblems(inFormOrder(atFields));
      else setNotice(refusal?.status === 404 ? 'notFound' : 'submitFailed');
    } finally {
      setSending(false);
    }
  }

  if (form.state === 'loading') return <p className="loading-inline">{t('pepForm.loading')}</p>;
  if (form.state === 'failed') {
    return (
      <div className="notice-warning">
        <p>{t('pepForm.loadFailed')}</p>
        <button type="button" className="button button-secondary" onClick={retry}>
          {t('pepForm.retry')}
        </button>
      </div>
    );
  }

  const countryOptions =
    countries.state === 'ready' ? referenceOptions(countries.data, language) : [];
  const label = (field: PepFormField) => pick(pepFormQuestions[field].label, language);
  const hint = (field: PepFormField) => {
    const question = pepFormQuestions[field];
    return 'hint' in question ? pick(question.hint, language) : undefined;
  };

  return (
    <form noValidate className={styles.questions} onSubmit={(event) => void submit(event)}>
      <ErrorSummary problems={summary} titleId={`pep-${applicationId}-error-summary`} />
      {notice && (
        <div className="notice-warning" role="alert">
          <p>{t(`pepForm.${notice}`)}</p>
        </div>
      )}
      {people.map((role) => {
        const draft = draftFor(role);
        const text = (field: PepFormField, max: number) => (
          <TextField
            id={idOf(role, field)}
            label={label(field)}
            hint={hint(field)}
            error={errorFor(role, field)}
            value={draft[field]}
            onChange={(value) => change(role, field, value)}
            maxLength={max}
          />
        );
        const familyQuestions = (
          <>
            <SelectField
              id={idOf(role, 'relationship')}
              label={label('relationship')}
              error={errorFor(role, 'relationship')}
              value={draft.relationship}
              onChange={(value) => change(role, 'relationship', value)}
              options={Object.values(pepRelationships).map((relationship) => ({
                id: relationship,
                label: pick(pepRelationshipLabels[relationship], language),
              }))}
            />
            {text('exposedPersonName', PEP_FORM_TEXT_MAX)}
          </>
        );
        return (
          <fieldset key={role} className={formStyles.field} data-summary-group>
            <legend className={formStyles.legend}>{pick(pepFormRoleLabels[role], language)}</legend>
            <RadioChoices<PepCategory>
              id={idOf(role, 'category')}
              legend={label('category')}
              error={errorFor(role, 'category')}
              value={(draft.category || undefined) as PepCategory | undefined}
              onChange={(value) => change(role, 'category', value)}
              choices={Object.values(pepCategories).map((category) => ({
                value: category,
                label: pick(pepCategoryLabels[category], language),
                reveal:
                  category === pepCategories.familyOrCloseAssociate ? familyQuestions : undefined,
              }))}
            />
            {text('position', PEP_FORM_TEXT_MAX)}
            {text('organization', PEP_FORM_TEXT_MAX)}
            <SelectField
              id={idOf(role, 'country')}
              label={label('country')}
              error={errorFor(role, 'country')}
              value={draft.country}
              onChange={(value) => change(role, 'country', value)}
              options={countryOptions}
              loading={countries.state === 'loading'}
              failed={countries.state === 'failed'}
              onRetry={retryCountries}
            />
            {text('heldFrom', 10)}
            {text('heldTo', 10)}
            {(['sourceOfWealth', 'sourceOfFunds', 'expectedActivity'] as const).map((field) => {
              const id = idOf(role, field);
              const error = errorFor(role, field);
              return (
                <div
                  key={field}
                  className={
                    error ? `${formStyles.field} ${formStyles.fieldError}` : formStyles.field
                  }
                >
                  <label className={formStyles.label} htmlFor={id}>
                    {label(field)}
                  </label>
                  <FieldMessages id={id} hint={hint(field)} error={error} />
                  <textarea
                    id={id}
                    className={
                      error ? `${styles.textarea} ${styles.textareaError}` : styles.textarea
                    }
                    rows={4}
                    value={draft[field]}
                    aria-describedby={describedByOf(id, hint(field), error)}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) => change(role, field, event.target.value)}
                  />
                </div>
              );
            })}
          </fieldset>
        );
      })}
      <div role="status" aria-live="polite">
        {sending && <p className="loading-inline">{t('pepForm.submitting')}</p>}
      </div>
      <div className="actions">
        <button type="submit" className="button button-primary" aria-disabled={sending}>
          {t('pepForm.submit')}
        </button>
      </div>
    </form>
  );
}
