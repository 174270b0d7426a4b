import { useTranslation } from '../../../lib/i18n.ts';
import { MAX_BENEFICIARIES } from '@portal/domain/constants';
import {
  namedAccountTypeLabels,
  type NamedAccountTypeName,
} from '@portal/domain/enums/account-types';
import {
  beneficiaryDesignationLabels,
  beneficiaryDesignations,
  relationshipLabels,
  relationships,
} from '@portal/domain/enums/beneficiaries';
import { optionsOf, pick, type Language } from '@portal/domain/enums/define-enum';
import {
  beneficiaryPlanRules,
  FAMILY_RESP_RELATIONSHIPS,
  isSpouseDesignation,
  PERCENT_COUNTED_DECIMALS,
  percentageSchema,
  percentInUnits,
  type BeneficiariesContext,
} from '@portal/domain/rules/beneficiaries';
import { describedByOf, FieldMessages } from '../../../ui/field-messages.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import type { AddressValue } from '../step/address-fields.tsx';
import { AddressFieldsOnChoice, nearAddressFields } from './address-on-choice.tsx';
import { addressParts, idOf, type ErrorAt } from '../step/form-paths.ts';

export interface BeneficiaryValues {
  designation?: number;
  firstName: string;
  lastName: string;
  relationship?: number;
  percent: string;
  differentAddress: boolean;
  address: AddressValue;
  caregiverAddress: AddressValue;
}

const CANADA = 1;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numberOr = (value: unknown) => (typeof value === 'number' ? value : undefined);
const code = (value: string) => (value === '' ? undefined : Number(value));
const estate = (value: BeneficiaryValues) => value.designation === beneficiaryDesignations.MyEstate;

export const emptyBeneficiary = (): BeneficiaryValues => ({
  firstName: '',
  lastName: '',
  percent: '',
  differentAddress: false,
  address: { countryId: CANADA },
  caregiverAddress: { countryId: CANADA },
});

export function beneficiaryValues(saved: unknown): BeneficiaryValues {
  const value = (saved ?? {}) as Record<string, unknown>;
  return {
    designation: numberOr(value.designation),
    firstName: text(value.firstName),
    lastName: text(value.lastName),
    relationship: numberOr(value.relationship),
    percent: typeof value.percent === 'number' ? String(value.percent) : text(value.percent),
    differentAddress: value.differentAddress === true,
    address: (value.address as AddressValue | undefined) ?? { countryId: CANADA },
    caregiverAddress: (value.caregiverAddress as AddressValue | undefined) ?? {
      countryId: CANADA,
    },
  };
}

/** The answers sent for one beneficiary: the estate has no name, addresses only when asked. */
export function beneficiaryData(value: BeneficiaryValues, resp: boolean) {
  return {
    ...(value.designation !== undefined ? { designation: value.designation } : {}),
    ...(estate(value) ? {} : { firstName: value.firstName, lastName: value.lastName }),
    relationship: estate(value)
      ? relationships.Estate
      : isSpouseDesignation(value.designation)
        ? relationships.Spouse
        : value.relationship,
    percent: value.percent,
    differentAddress: value.differentAddress,
    ...(value.differentAddress ? { address: value.address } : {}),
    ...(resp ? { caregiverAddress: value.caregiverAddress } : {}),
  };
}

/** The answer paths of the beneficiaries, in page order. */
export function beneficiaryPaths(list: readonly BeneficiaryValues[]): string[] {
  return [
    'beneficiaries',
    ...list.flatMap((_, index) => {
      const base = `beneficiaries.${index}`;
      return [
        ...['designation', 'firstName', 'lastName', 'relationship', 'percent'].map(
          (name) => `${base}.${name}`,
        ),
        `${base}.differentAddress`,
        ...addressParts.map((part) => `${base}.address.${part}`),
        ...addressParts.map((part) => `${base}.caregiverAddress.${part}`),
      ];
    }),
  ];
}

/** The total of the shares typed so far, while each is a number; undefined otherwise. */
function totalOf(list: readonly BeneficiaryValues[], language: Language): string | undefined {
  let units = 0;
  for (const beneficiary of list) {
    const parsed = percentageSchema.safeParse(beneficiary.percent);
    if (!parsed.success) return undefined;
    units += percentInUnits(parsed.data) ?? 0;
  }
  return new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    maximumFractionDigits: PERCENT_COUNTED_DECIMALS,
  }).format(units / 10 ** PERCENT_COUNTED_DECIMALS);
}

/**
 * The beneficiaries of the registered plans chosen: up to MAX_BENEFICIARIES with shares adding
 * up to 100, or, for a Quebec resident's plans designated by will, why none are asked.
 */
export function BeneficiaryFields({
  context,
  allowed,
  value,
  onChange,
  errorFor,
  spouseName,
}: {
  context: BeneficiariesContext;
  /** The spouse as the profile names them: a spouse designation starts from this name. */
  spouseName?: { firstName: string; lastName: string };
  /** False for a Quebec resident's plans designated by will. */
  allowed: boolean;
  value: BeneficiaryValues[];
  onChange(value: BeneficiaryValues[]): void;
  errorFor: ErrorAt;
}) {
  const { t, i18n } = useTranslation('financial');
  const language = i18n.language as Language;
  const rules = beneficiaryPlanRules(context);
  const accountNames = new Intl.ListFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    type: 'conjunction',
  }).format(
    context.accounts.map((account: NamedAccountTypeName) =>
      pick(namedAccountTypeLabels[account], language),
    ),
  );

  if (!allowed) {
    return (
      <p className="notice-info" id="beneficiaries" tabIndex={-1}>
        {t('beneficiaries.quebec', { accounts: accountNames })}
      </p>
    );
  }

  const set = (index: number, patch: Partial<BeneficiaryValues>) =>
    onChange(value.map((item, at) => (at === index ? { ...item, ...patch } : item)));
  const designations = optionsOf(beneficiaryDesignations, beneficiaryDesignationLabels, language)
    .filter(
      (option) =>
        (option.id !== beneficiaryDesignations.MySpouseAsSuccessorAnnuitant ||
          rules.successorAnnuitantAllowed) &&
        (!isSpouseDesignation(option.id) || rules.spouseDesignationAllowed),
    )
    .map((option) => ({ id: option.id, label: option.label }));
  const relationshipOptions = optionsOf(relationships, relationshipLabels, language).filter(
    (option) =>
      option.id !== relationships.Estate &&
      (rules.respType !== 'family' || FAMILY_RESP_RELATIONSHIPS.includes(option.id)),
  );
  const total = value.length > 0 ? totalOf(value, language) : undefined;
  const listError = errorFor('beneficiaries');

  return (
    <fieldset
      className="repeated-group"
      id="beneficiaries"
      tabIndex={-1}
      // A beneficiary's address downloads as the person nears adding one.
      onPointerEnter={nearAddressFields}
      onFocus={nearAddressFields}
      aria-describedby={describedByOf('beneficiaries', true, listError)}
    >
      <legend className="visually-hidden">{t('sections.beneficiaries')}</legend>
      <FieldMessages
        id="beneficiaries"
        hint={
          rules.resp && !rules.designationAsked
            ? t('beneficiaries.respIntro')
            : t('beneficiaries.intro', { accounts: accountNames, max: MAX_BENEFICIARIES })
        }
        error={listError}
      />
      {value.length === 0 && !rules.resp && <p>{t('beneficiaries.none')}</p>}
      {value.map((beneficiary, index) => {
        const base = `beneficiaries.${index}`;
        const number = index + 1;
        const field = (name: string) => ({
          id: idOf(`${base}.${name}`),
          error: errorFor(`${base}.${name}`),
        });
        return (
          <fieldset key={index} className="repeated-item" id={idOf(base)} tabIndex={-1}>
            <legend className="repeated-legend">
              {t('beneficiaries.beneficiary', { number })}
            </legend>
            {rules.designationAsked && (
              <SelectField
                {...field('designation')}
                label={t('beneficiaries.designation')}
                value={beneficiary.designation}
                onChange={(id) => {
                  const designation = code(id);
                  // The spouse (as successor annuitant or beneficiary) is the profile's spouse:
                  // their name comes from there into the fields still blank.
                  const names =
                    isSpouseDesignation(designation) && spouseName
                      ? {
                          firstName: beneficiary.firstName || spouseName.firstName,
                          lastName: beneficiary.lastName || spouseName.lastName,
                        }
                      : {};
                  set(index, { designation, ...names });
                }}
                options={designations}
              />
            )}
            {!estate(beneficiary) && (
              <>
                <TextField
                  {...field('firstName')}
                  label={t('beneficiaries.firstName')}
                  value={beneficiary.firstName}
                  onChange={(firstName) => set(index, { firstName })}
                />
                <TextField
                  {...field('lastName')}
                  label={t('beneficiaries.lastName')}
                  value={beneficiary.lastName}
                  onChange={(lastName) => set(index, { lastName })}
                />
                {!isSpouseDesignation(beneficiary.designation) && (
                  <SelectField
                    {...field('relationship')}
                    label={t('beneficiaries.relationship')}
                    value={beneficiary.relationship}
                    onChange={(id) => set(index, { relationship: code(id) })}
                    options={relationshipOptions}
                  />
                )}
              </>
            )}
            <TextField
              {...field('percent')}
              label={t('beneficiaries.percent')}
              hint={t('beneficiaries.percentHint')}
              value={beneficiary.percent}
              onChange={(percent) => set(index, { percent })}
              inputMode="text"
              width="short"
            />
            {!estate(beneficiary) && (
              <div className="checkbox-single">
                <input
                  id={idOf(`${base}.differentAddress`)}
                  type="checkbox"
                  checked={beneficiary.differentAddress}
                  onChange={(event) => set(index, { differentAddress: event.target.checked })}
                />
                <label htmlFor={idOf(`${base}.differentAddress`)}>
                  {t('beneficiaries.differentAddress')}
                </label>
              </div>
            )}
            {beneficiary.differentAddress && !estate(beneficiary) && (
              <AddressFieldsOnChoice
                id={idOf(`${base}.address`)}
                legend={t('beneficiaries.address')}
                value={beneficiary.address}
                onChange={(address) => set(index, { address })}
                errorFor={(part) => errorFor(`${base}.address.${part}`)}
              />
            )}
            {rules.resp && (
              <AddressFieldsOnChoice
                id={idOf(`${base}.caregiverAddress`)}
                legend={t('beneficiaries.caregiverAddress')}
                hint={t('beneficiaries.caregiverHint')}
                value={beneficiary.caregiverAddress}
                onChange={(caregiverAddress) => set(index, { caregiverAddress })}
                errorFor={(part) => errorFor(`${base}.caregiverAddress.${part}`)}
              />
            )}
            <button
              type="button"
              className="button button-secondary"
              onClick={() => onChange(value.filter((_, at) => at !== index))}
            >
              {t('beneficiaries.remove', { number })}
            </button>
          </fieldset>
        );
      })}
      {total !== undefined && (
        <p aria-live="polite" className="beneficiary-total">
          {t('beneficiaries.total', { total })}
        </p>
      )}
      {value.length < MAX_BENEFICIARIES &&
      !(rules.respType === 'individual' && value.length > 0) ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onChange([...value, emptyBeneficiary()])}
        >
          {t('beneficiaries.add')}
        </button>
      ) : (
        value.length >= MAX_BENEFICIARIES && (
          <p className="hint">{t('beneficiaries.maxReached', { max: MAX_BENEFICIARIES })}</p>
        )
      )}
    </fieldset>
  );
}
