import { useTranslation } from '../../../lib/i18n.ts';
import {
  INSIDER_VOTING_RIGHTS_THRESHOLD_PERCENT,
  PEP_FORM_DUE_DAYS,
} from '@portal/domain/constants';
import { relationshipLabels, relationships } from '@portal/domain/enums/beneficiaries';
import { optionsOf, type Language } from '@portal/domain/enums/define-enum';
import {
  MAX_TAX_RESIDENCES,
  noTinReasonLabels,
  noTinReasons,
} from '@portal/domain/rules/affiliations';
import { referenceOptions, useReferenceList } from '../../../lib/reference-lists.ts';
import { RadioChoices } from '../../../ui/choices.tsx';
import { describedByOf, FieldMessages } from '../../../ui/field-messages.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { idOf, useYesNoChoices, yesNoValue, type ErrorAt } from '../step/form-paths.ts';
import { TrustedContactPurposes } from './relationship-disclosure-link.tsx';

export interface TaxResidenceValues {
  countryId?: number;
  tin: string;
  /** The TIN on file, masked, when the server keeps one for this residence. */
  tinMasked?: string;
  noTinReason?: number;
  noTinExplanation: string;
}

export interface TrustedContactValues {
  firstName: string;
  lastName: string;
  relationship?: number;
  email: string;
  phone: string;
}

export interface PersonAffiliationValues {
  isPep?: boolean;
  pepName: string;
  pepPosition: string;
  pepCountryId?: number;
  isInsider?: boolean;
  insiderCompanyName: string;
  insiderSymbol: string;
  isDirector?: boolean;
  directorCompanyName: string;
  isDealerEmployee?: boolean;
  dealerName: string;
  taxResidences: TaxResidenceValues[];
  isUsPerson?: boolean;
  usTin: string;
  usTinMasked?: string;
  wantsTrustedContact?: boolean;
  trustedContact: TrustedContactValues;
}

const CANADA = 1;
type JointWorded =
  | 'isPep'
  | 'isInsider'
  | 'isDirector'
  | 'isDealerEmployee'
  | 'taxResidences'
  | 'isUsPerson'
  | 'wantsTrustedContact';
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numberOr = (value: unknown) => (typeof value === 'number' ? value : undefined);
const booleanOr = (value: unknown) => (typeof value === 'boolean' ? value : undefined);
const code = (value: string) => (value === '' ? undefined : Number(value));

/** One applicant's affiliations as the form holds them, from what was saved (TINs masked). */
export function personAffiliationValues(saved: unknown): PersonAffiliationValues {
  const value = (saved ?? {}) as Record<string, unknown>;
  const contact = (value.trustedContact ?? {}) as Record<string, unknown>;
  const residences = Array.isArray(value.taxResidences)
    ? (value.taxResidences as Record<string, unknown>[])
    : [{ countryId: CANADA }];
  return {
    isPep: booleanOr(value.isPep),
    pepName: text(value.pepName),
    pepPosition: text(value.pepPosition),
    pepCountryId: numberOr(value.pepCountryId),
    isInsider: booleanOr(value.isInsider),
    insiderCompanyName: text(value.insiderCompanyName),
    insiderSymbol: text(value.insiderSymbol),
    isDirector: booleanOr(value.isDirector),
    directorCompanyName: text(value.directorCompanyName),
    isDealerEmployee: booleanOr(value.isDealerEmployee),
    dealerName: text(value.dealerName),
    taxResidences: residences.map((residence) => ({
      countryId: numberOr(residence.countryId),
      tin: text(residence.tin),
      ...(typeof residence.tinMasked === 'string' ? { tinMasked: residence.tinMasked } : {}),
      noTinReason: numberOr(residence.noTinReason),
      noTinExplanation: text(residence.noTinExplanation),
    })),
    isUsPerson: booleanOr(value.isUsPerson),
    usTin: text(value.usTin),
    ...(typeof value.usTinMasked === 'string' ? { usTinMasked: value.usTinMasked } : {}),
    wantsTrustedContact: booleanOr(value.wantsTrustedContact),
    trustedContact: {
      firstName: text(contact.firstName),
      lastName: text(contact.lastName),
      relationship: numberOr(contact.relationship),
      email: text(contact.email),
      phone: text(contact.phone),
    },
  };
}

/** The answers sent for one applicant: follow-up answers only under a yes. */
export function personAffiliationData(values: PersonAffiliationValues) {
  return {
    isPep: values.isPep,
    ...(values.isPep
      ? {
          pepName: values.pepName,
          pepPosition: values.pepPosition,
          pepCountryId: values.pepCountryId,
        }
      : {}),
    isInsider: values.isInsider,
    ...(values.isInsider
      ? { insiderCompanyName: values.insiderCompanyName, insiderSymbol: values.insiderSymbol }
      : {}),
    isDirector: values.isDirector,
    ...(values.isDirector ? { directorCompanyName: values.directorCompanyName } : {}),
    isDealerEmployee: values.isDealerEmployee,
    ...(values.isDealerEmployee ? { dealerName: values.dealerName } : {}),
    taxResidences: values.taxResidences.map((residence) =>
      residence.tin.trim() || residence.noTinReason === undefined
        ? { countryId: residence.countryId, tin: residence.tin }
        : {
            countryId: residence.countryId,
            noTinReason: residence.noTinReason,
            ...(residence.noTinReason === noTinReasons.Other
              ? { noTinExplanation: residence.noTinExplanation }
              : {}),
          },
    ),
    isUsPerson: values.isUsPerson,
    ...(values.isUsPerson ? { usTin: values.usTin } : {}),
    wantsTrustedContact: values.wantsTrustedContact,
    ...(values.wantsTrustedContact ? { trustedContact: values.trustedContact } : {}),
  };
}

/** The answer paths of one applicant's affiliations, in page order. */
export function affiliationPaths(base: string, values: PersonAffiliationValues): string[] {
  const at = (...names: string[]) => names.map((name) => `${base}.${name}`);
  return [
    ...at('isPep', 'pepName', 'pepPosition', 'pepCountryId'),
    ...at('isInsider', 'insiderCompanyName', 'insiderSymbol'),
    ...at('isDirector', 'directorCompanyName', 'isDealerEmployee', 'dealerName', 'taxResidences'),
    ...values.taxResidences.flatMap((_, index) =>
      at(
        `taxResidences.${index}.countryId`,
        `taxResidences.${index}.tin`,
        `taxResidences.${index}.noTinReason`,
        `taxResidences.${index}.noTinExplanation`,
      ),
    ),
    ...at('isUsPerson', 'usTin', 'wantsTrustedContact', 'trustedContact'),
    ...['firstName', 'lastName', 'relationship', 'email', 'phone'].map(
      (name) => `${base}.trustedContact.${name}`,
    ),
  ];
}

/** The affiliation questions for the primary applicant or, worded for them, the joint one. */
export function AffiliationFields({
  path,
  joint,
  value,
  onChange,
  errorFor,
  sinOnFile,
}: {
  /** `affiliations.primary` or `affiliations.joint`. */
  path: string;
  joint: boolean;
  /** This applicant's SIN as saved on their profile, masked: a Canadian TIN left blank is it. */
  sinOnFile?: string;
  value: PersonAffiliationValues;
  onChange(value: PersonAffiliationValues): void;
  errorFor: ErrorAt;
}) {
  const { t, i18n } = useTranslation('financial');
  const language = i18n.language as Language;
  const countries = useReferenceList('countries');
  const set = (patch: Partial<PersonAffiliationValues>) => onChange({ ...value, ...patch });
  const setResidence = (index: number, patch: Partial<TaxResidenceValues>) =>
    set({
      taxResidences: value.taxResidences.map((residence, at) =>
        at === index ? { ...residence, ...patch } : residence,
      ),
    });
  const setContact = (patch: Partial<TrustedContactValues>) =>
    set({ trustedContact: { ...value.trustedContact, ...patch } });
  const at = (name: string) => `${path}.${name}`;
  /** Canada's TIN is the SIN: with one on file, a Canadian residence needs no TIN typed. */
  const sinIsTin = (residence: TaxResidenceValues) =>
    Boolean(sinOnFile) && residence.countryId === CANADA && residence.noTinReason === undefined;
  /** The joint applicant's questions are worded for them (`isPepJoint`). */
  const question = (key: JointWorded) =>
    joint ? t(`affiliations.${key}Joint`) : t(`affiliations.${key}`);
  const countryList = {
    options:
      countries.resource.state === 'ready'
        ? referenceOptions(countries.resource.data, language)
        : [],
    loading: countries.resource.state === 'loading',
    failed: countries.resource.state === 'failed',
    onRetry: countries.retry,
  };
  const yesNo = useYesNoChoices();
  const yesNoQuestion = (
    name: 'isPep' | 'isInsider' | 'isDirector' | 'isDealerEmployee' | 'isUsPerson',
    hint?: string,
  ) => (
    <RadioChoices
      id={idOf(at(name))}
      legend={question(name)}
      hint={hint}
      value={yesNoValue(value[name])}
      onChange={(answer) => set({ [name]: answer === 'yes' })}
      error={errorFor(at(name))}
      choices={yesNo}
    />
  );
  const textField = (
    name:
      | 'pepName'
      | 'pepPosition'
      | 'insiderCompanyName'
      | 'insiderSymbol'
      | 'directorCompanyName'
      | 'dealerName'
      | 'usTin',
    extra: { hint?: string; width?: 'short' } = {},
  ) => (
    <TextField
      id={idOf(at(name))}
      label={t(`affiliations.${name}`)}
      value={value[name]}
      onChange={(answer) => set({ [name]: answer })}
      error={errorFor(at(name))}
      {...extra}
    />
  );
  const relationshipOptions = optionsOf(relationships, relationshipLabels, language).filter(
    (option) => option.id !== relationships.Estate,
  );
  const reasons = optionsOf(noTinReasons, noTinReasonLabels, language);

  return (
    <>
      {yesNoQuestion('isPep', t('affiliations.isPepHint'))}
      {value.isPep && (
        <div className="conditional">
          <p className="notice-info">{t('affiliations.pepNotice', { days: PEP_FORM_DUE_DAYS })}</p>
          {textField('pepName')}
          {textField('pepPosition')}
          <SelectField
            id={idOf(at('pepCountryId'))}
            label={t('affiliations.pepCountryId')}
            value={value.pepCountryId}
            onChange={(id) => set({ pepCountryId: code(id) })}
            error={errorFor(at('pepCountryId'))}
            {...countryList}
          />
        </div>
      )}
      {yesNoQuestion(
        'isInsider',
        t('affiliations.isInsiderHint', { percent: INSIDER_VOTING_RIGHTS_THRESHOLD_PERCENT }),
      )}
      {value.isInsider && (
        <div className="conditional">
          {textField('insiderCompanyName')}
          {textField('insiderSymbol', {
            hint: t('affiliations.insiderSymbolHint'),
            width: 'short',
          })}
        </div>
      )}
      {yesNoQuestion('isDirector')}
      {value.isDirector && <div className="conditional">{textField('directorCompanyName')}</div>}
      {yesNoQuestion('isDealerEmployee')}
      {value.isDealerEmployee && <div className="conditional">{textField('dealerName')}</div>}

      <fieldset
        className="repeated-group"
        id={idOf(at('taxResidences'))}
        tabIndex={-1}
        aria-describedby={describedByOf(
          idOf(at('taxResidences')),
          true,
          errorFor(at('taxResidences')),
        )}
      >
        <legend className="repeated-legend">{question('taxResidences')}</legend>
        <FieldMessages
          id={idOf(at('taxResidences'))}
          hint={t('affiliations.taxResidencesHint')}
          error={errorFor(at('taxResidences'))}
        />
        {value.taxResidences.map((residence, index) => {
          const base = at(`taxResidences.${index}`);
          const number = index + 1;
          return (
            <div
              key={index}
              className="repeated-item"
              role="group"
              aria-labelledby={`${idOf(base)}-title`}
            >
              <p className="repeated-legend" id={`${idOf(base)}-title`}>
                {t('affiliations.residence', { number })}
              </p>
              <SelectField
                id={idOf(`${base}.countryId`)}
                label={t('affiliations.countryId')}
                value={residence.countryId}
                onChange={(id) => setResidence(index, { countryId: code(id) })}
                error={errorFor(`${base}.countryId`)}
                {...countryList}
              />
              <TextField
                id={idOf(`${base}.tin`)}
                label={t('affiliations.tin')}
                hint={
                  residence.tinMasked
                    ? t('affiliations.tinSaved', { masked: residence.tinMasked })
                    : sinIsTin(residence)
                      ? t('affiliations.tinFromSin', { masked: sinOnFile })
                      : residence.countryId === CANADA
                        ? t('affiliations.tinHint')
                        : undefined
                }
                value={residence.tin}
                onChange={(tin) => setResidence(index, { tin })}
                error={errorFor(`${base}.tin`)}
                autoComplete="off"
                width="short"
              />
              {!residence.tin.trim() && !residence.tinMasked && !sinIsTin(residence) && (
                <SelectField
                  id={idOf(`${base}.noTinReason`)}
                  label={t('affiliations.noTinReason')}
                  value={residence.noTinReason}
                  onChange={(id) => setResidence(index, { noTinReason: code(id) })}
                  error={errorFor(`${base}.noTinReason`)}
                  options={reasons}
                />
              )}
              {!residence.tin.trim() && residence.noTinReason === noTinReasons.Other && (
                <TextField
                  id={idOf(`${base}.noTinExplanation`)}
                  label={t('affiliations.noTinExplanation')}
                  value={residence.noTinExplanation}
                  onChange={(noTinExplanation) => setResidence(index, { noTinExplanation })}
                  error={errorFor(`${base}.noTinExplanation`)}
                  maxLength={200}
                />
              )}
              {value.taxResidences.length > 1 && (
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() =>
                    set({ taxResidences: value.taxResidences.filter((_, at) => at !== index) })
                  }
                >
                  {t('affiliations.removeResidence', { number })}
                </button>
              )}
            </div>
          );
        })}
        {value.taxResidences.length < MAX_TAX_RESIDENCES && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              set({ taxResidences: [...value.taxResidences, { tin: '', noTinExplanation: '' }] })
            }
          >
            {t('affiliations.addResidence')}
          </button>
        )}
      </fieldset>

      {yesNoQuestion('isUsPerson')}
      {value.isUsPerson && (
        <div className="conditional">
          {textField('usTin', {
            hint: value.usTinMasked
              ? t('affiliations.tinSaved', { masked: value.usTinMasked })
              : t('affiliations.usTinHint'),
            width: 'short',
          })}
        </div>
      )}

      <RadioChoices
        id={idOf(at('wantsTrustedContact'))}
        legend={question('wantsTrustedContact')}
        hint={
          <>
            <p>{t('affiliations.trustedContactHint')}</p>
            <TrustedContactPurposes />
          </>
        }
        value={yesNoValue(value.wantsTrustedContact)}
        onChange={(answer) => set({ wantsTrustedContact: answer === 'yes' })}
        error={errorFor(at('wantsTrustedContact'))}
        choices={yesNo}
      />
      {value.wantsTrustedContact === false && (
        <p className="conditional">{t('trustedContactPurposes.declined')}</p>
      )}
      {value.wantsTrustedContact && (
        <fieldset className="conditional" id={idOf(at('trustedContact'))} tabIndex={-1}>
          <legend className="repeated-legend">{t('affiliations.trustedContact')}</legend>
          {(['firstName', 'lastName'] as const).map((name) => (
            <TextField
              key={name}
              id={idOf(at(`trustedContact.${name}`))}
              label={t(`affiliations.${name}`)}
              value={value.trustedContact[name]}
              onChange={(answer) => setContact({ [name]: answer })}
              error={
                errorFor(at(`trustedContact.${name}`)) ??
                (name === 'firstName' ? errorFor(at('trustedContact')) : undefined)
              }
            />
          ))}
          <SelectField
            id={idOf(at('trustedContact.relationship'))}
            label={t('affiliations.relationship')}
            value={value.trustedContact.relationship}
            onChange={(id) => setContact({ relationship: code(id) })}
            error={errorFor(at('trustedContact.relationship'))}
            options={relationshipOptions}
          />
          <TextField
            id={idOf(at('trustedContact.email'))}
            label={t('affiliations.email')}
            value={value.trustedContact.email}
            onChange={(email) => setContact({ email })}
            error={errorFor(at('trustedContact.email'))}
            autoComplete="off"
          />
          <TextField
            id={idOf(at('trustedContact.phone'))}
            label={t('affiliations.phone')}
            hint={t('thirdParties.phoneHint')}
            value={value.trustedContact.phone}
            onChange={(phone) => setContact({ phone })}
            error={errorFor(at('trustedContact.phone'))}
            autoComplete="off"
            width="short"
          />
        </fieldset>
      )}
    </>
  );
}
