import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link, Navigate, useNavigate } from 'react-router';
import { investorInputSchema } from '@portal/domain/express/express-api';
import { messageFor } from '@portal/domain/messages/messages';
import { provinceLabels, provinces } from '@portal/domain/enums/provinces';
import {
  isCanadianPostalCode,
  normalizePostalCode,
  postalCodeMatchesProvince,
} from '@portal/domain/rules/address';
import { advisorApi, expressRefusalOf, type InvestorInput } from '../../lib/advisor-api.ts';
import { RadioChoices } from '../../ui/choices.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { DateField } from '../../ui/date-field.tsx';
import { ErrorSummary, type FieldProblem } from '../../ui/error-summary.tsx';
import { Page } from '../../ui/page.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { ADVISOR_SEARCH_PATH, investorPath } from './advisor-paths.ts';
import {
  clearInvestorDraft,
  markFormOpen,
  readInvestorDraft,
  reloadedMidEntry,
  reloadShown,
  saveInvestorDraft,
  type InvestorDraft,
} from './investor-draft.ts';

type Field =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'language'
  | 'birthDate'
  | 'streetNumber'
  | 'streetName'
  | 'city'
  | 'provinceId'
  | 'postalCode'
  | 'mobilePhone';

const fieldIds: Record<Field, string> = {
  firstName: 'investor-first-name',
  lastName: 'investor-last-name',
  email: 'investor-email',
  language: 'investor-language',
  birthDate: 'investor-birth-date',
  streetNumber: 'investor-street-number',
  streetName: 'investor-street-name',
  city: 'investor-city',
  provinceId: 'investor-province',
  postalCode: 'investor-postal-code',
  mobilePhone: 'investor-mobile-phone',
};

const given = (value: string | undefined) => (value && value.trim() ? value.trim() : undefined);

/** The typed values as the contract's input: blanks are left out, the postal code normalised. */
function inputOf(draft: InvestorDraft): InvestorInput {
  const postalCode = given(draft.postalCode);
  const addressGiven = [draft.streetNumber, draft.streetName, draft.city, draft.provinceId].some(
    (part) => given(part) !== undefined,
  );
  return {
    firstName: draft.firstName ?? '',
    lastName: draft.lastName ?? '',
    email: draft.email ?? '',
    language: draft.language === 'fr' ? 'fr' : 'en',
    birthDate: given(draft.birthDate),
    postalCode: postalCode ? normalizePostalCode(postalCode) : undefined,
    mobilePhone: given(draft.mobilePhone),
    ...(addressGiven && {
      address: {
        ...(given(draft.suite) && { suite: given(draft.suite) }),
        streetNumber: draft.streetNumber?.trim() ?? '',
        streetName: draft.streetName?.trim() ?? '',
        city: draft.city?.trim() ?? '',
        provinceId: Number(draft.provinceId) || 0,
        postalCode: postalCode ? normalizePostalCode(postalCode) : '',
        countryId: 1 as const,
      },
    }),
  };
}

type ErrorKey =
  | 'required'
  | 'emailFormat'
  | 'invalid'
  | 'birthDateOrPostalCode'
  | 'investorExists'
  | 'addressNotInvitable'
  | 'postalCodeProvince';

/** The domain schema's verdict, field by field, plus the postal code's form. */
function problemsOf(input: InvestorInput): Partial<Record<Field, ErrorKey>> {
  const problems: Partial<Record<Field, ErrorKey>> = {};
  const result = investorInputSchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as Field | undefined;
      if (!field || !(field in fieldIds) || problems[field]) continue;
      const message = issue.message as ErrorKey;
      problems[field] = ['required', 'emailFormat', 'birthDateOrPostalCode'].includes(message)
        ? message
        : 'invalid';
    }
  }
  if (input.postalCode && !isCanadianPostalCode(input.postalCode)) problems.postalCode = 'invalid';
  // A home address, when started, is whole: the profile step would refuse half of one.
  const address = input.address;
  if (address) {
    if (!address.streetNumber.trim()) problems.streetNumber = 'required';
    if (!address.streetName.trim()) problems.streetName = 'required';
    if (!address.city.trim()) problems.city = 'required';
    if (!address.provinceId) problems.provinceId = 'required';
    if (!address.postalCode) problems.postalCode ??= 'required';
    else if (
      isCanadianPostalCode(address.postalCode) &&
      address.provinceId &&
      !postalCodeMatchesProvince(address.postalCode, address.provinceId)
    ) {
      problems.postalCode = 'postalCodeProvince';
    }
  }
  return problems;
}

/**
 * Adding an investor to the advisor's book. What is typed is kept in the tab as it is typed:
 * a reload mid-entry shows the spec's advisor-error page ("It appears you have refreshed the
 * page..."), whose link back to the search offers this draft again.
 */
export function AddInvestorPage() {
  const { t, i18n } = useTranslation('advisor');
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const navigate = useNavigate();
  const [reloaded] = useState(reloadedMidEntry);
  const [draft, setDraft] = useState<InvestorDraft>(
    () => readInvestorDraft() ?? { language: 'en' },
  );
  const [problems, setProblems] = useState<Partial<Record<Field, ErrorKey>>>({});
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const failure = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (reloaded) {
      reloadShown();
      return;
    }
    markFormOpen(true);
    return () => markFormOpen(false);
  }, [reloaded]);

  // The domain's message where the refusal is the domain's (the server words it the same).
  const errorText = useCallback(
    (key: ErrorKey) =>
      key === 'addressNotInvitable' ? messageFor(key, language) : t(`add.errors.${key}`),
    [t, language],
  );

  // The same problems keep the same entries: the summary takes focus only for a new refusal.
  const summary = useMemo<FieldProblem[]>(
    () =>
      (Object.keys(fieldIds) as Field[]).flatMap((field) => {
        const key = problems[field];
        return key ? [{ fieldId: fieldIds[field], message: errorText(key), code: key }] : [];
      }),
    [problems, errorText],
  );

  if (reloaded) return <Navigate to="/advisor-error" replace />;

  const change = (field: keyof InvestorDraft) => (value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    saveInvestorDraft(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = inputOf(draft);
    const found = problemsOf(input);
    setProblems(found);
    setFailed(false);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const investor = await advisorApi.addInvestor(input);
      clearInvestorDraft();
      markFormOpen(false);
      navigate(investorPath(investor.id));
    } catch (error) {
      const refusal = expressRefusalOf(error);
      if (refusal.errorCode === 'investorExists') setProblems({ email: 'investorExists' });
      else if (refusal.errorCode === 'addressNotInvitable') {
        setProblems({ email: 'addressNotInvitable' });
      } else {
        setFailed(true);
        requestAnimationFrame(() => failure.current?.focus());
      }
    } finally {
      setSaving(false);
    }
  };

  const errorOf = (field: Field) => {
    const key = problems[field];
    return key ? errorText(key) : undefined;
  };
  return (
    <Page title={t('add.title')} heading={t('add.heading')} hasErrors={summary.length > 0}>
      <ErrorSummary problems={summary} />
      {failed && (
        <div ref={failure} role="alert" tabIndex={-1} className="notice notice-warning">
          <p>{t('add.errors.failed')}</p>
        </div>
      )}
      <p>{t('add.intro')}</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id={fieldIds.firstName}
          label={t('add.firstName')}
          value={draft.firstName ?? ''}
          onChange={change('firstName')}
          error={errorOf('firstName')}
          autoComplete="off"
          maxLength={50}
        />
        <TextField
          id={fieldIds.lastName}
          label={t('add.lastName')}
          value={draft.lastName ?? ''}
          onChange={change('lastName')}
          error={errorOf('lastName')}
          autoComplete="off"
          maxLength={50}
        />
        <TextField
          id={fieldIds.email}
          type="email"
          label={t('add.email')}
          value={draft.email ?? ''}
          onChange={change('email')}
          error={errorOf('email')}
          autoComplete="off"
        />
        <RadioChoices
          id={fieldIds.language}
          legend={t('add.language')}
          choices={[
            { value: 'en', label: t('add.english') },
            { value: 'fr', label: t('add.french') },
          ]}
          value={draft.language === 'fr' ? 'fr' : 'en'}
          onChange={change('language')}
          error={errorOf('language')}
        />
        <DateField
          id={fieldIds.birthDate}
          legend={t('add.birthDate')}
          hint={t('add.birthDateHint')}
          value={draft.birthDate}
          onChange={change('birthDate')}
          error={errorOf('birthDate')}
        />
        <fieldset className="address" aria-describedby="investor-address-hint">
          <legend>{t('add.address')}</legend>
          <p id="investor-address-hint">{t('add.addressHint')}</p>
          <TextField
            id={fieldIds.streetNumber}
            label={t('add.streetNumber')}
            value={draft.streetNumber ?? ''}
            onChange={change('streetNumber')}
            error={errorOf('streetNumber')}
            autoComplete="off"
            width="short"
          />
          <TextField
            id={fieldIds.streetName}
            label={t('add.streetName')}
            value={draft.streetName ?? ''}
            onChange={change('streetName')}
            error={errorOf('streetName')}
            autoComplete="off"
          />
          <TextField
            id="investor-suite"
            label={t('add.suite')}
            value={draft.suite ?? ''}
            onChange={change('suite')}
            autoComplete="off"
            width="short"
          />
          <TextField
            id={fieldIds.city}
            label={t('add.city')}
            value={draft.city ?? ''}
            onChange={change('city')}
            error={errorOf('city')}
            autoComplete="off"
          />
          <SelectField
            id={fieldIds.provinceId}
            label={t('add.province')}
            value={draft.provinceId ?? ''}
            onChange={change('provinceId')}
            error={errorOf('provinceId')}
            options={Object.entries(provinces).map(([code, id]) => ({
              id,
              label: provinceLabels[code as keyof typeof provinces][language],
            }))}
          />
          <TextField
            id={fieldIds.postalCode}
            label={t('add.postalCode')}
            hint={t('add.postalCodeHint')}
            value={draft.postalCode ?? ''}
            onChange={change('postalCode')}
            error={errorOf('postalCode')}
            autoComplete="off"
            maxLength={7}
            width="short"
          />
        </fieldset>
        <TextField
          id={fieldIds.mobilePhone}
          type="tel"
          label={t('add.mobilePhone')}
          value={draft.mobilePhone ?? ''}
          onChange={change('mobilePhone')}
          error={errorOf('mobilePhone')}
          autoComplete="off"
        />
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            {saving ? t('add.saving') : t('add.save')}
          </button>
          <Link
            className="button button-secondary"
            to={ADVISOR_SEARCH_PATH}
            onClick={() => clearInvestorDraft()}
          >
            {t('add.cancel')}
          </Link>
        </div>
      </form>
    </Page>
  );
}
