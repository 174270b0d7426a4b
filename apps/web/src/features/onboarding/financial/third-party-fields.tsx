import { useTranslation } from '../../../lib/i18n.ts';
import {
  MAX_THIRD_PARTIES,
  thirdPartyKindLabels,
  thirdPartyKinds,
  type ThirdPartyKind,
} from '@portal/domain/rules/financial-background';
import { optionsOf, type Language } from '@portal/domain/enums/define-enum';
import { RadioChoices } from '../../../ui/choices.tsx';
import { DateField } from '../../../ui/date-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import type { AddressValue } from '../step/address-fields.tsx';
import { AddressFieldsOnChoice, nearAddressFields } from './address-on-choice.tsx';
import {
  addressParts,
  idOf,
  useYesNoChoices,
  yesNoValue,
  type ErrorAt,
} from '../step/form-paths.ts';

export interface ThirdPartyValues {
  kind?: ThirdPartyKind;
  name: string;
  address: AddressValue;
  phone: string;
  occupation: string;
  birthDate: string;
  sin: string;
  /** The SIN on file, masked, when the server keeps one for this third party. */
  sinMasked?: string;
  incorporationNumber: string;
  incorporationPlace: string;
}

export interface ThirdPartyQuestionValues {
  answer?: boolean;
  thirdParties: ThirdPartyValues[];
}

export const emptyThirdParty = (): ThirdPartyValues => ({
  name: '',
  address: { countryId: 1 },
  phone: '',
  occupation: '',
  birthDate: '',
  sin: '',
  incorporationNumber: '',
  incorporationPlace: '',
});

/** The answers one third party sends, by kind (the schema drops what a kind does not ask). */
export function thirdPartyData(party: ThirdPartyValues) {
  const common = { kind: party.kind, name: party.name, address: party.address, phone: party.phone };
  if (party.kind === thirdPartyKinds.Company) {
    return {
      ...common,
      incorporationNumber: party.incorporationNumber,
      incorporationPlace: party.incorporationPlace,
    };
  }
  return {
    ...common,
    occupation: party.occupation,
    birthDate: party.birthDate,
    ...(party.sin.trim() ? { sin: party.sin } : {}),
  };
}

/** The answer paths of one third party, in page order. */
export function thirdPartyPaths(base: string, party: ThirdPartyValues): string[] {
  const address = addressParts.map((part) => `${base}.address.${part}`);
  const byKind =
    party.kind === thirdPartyKinds.Company
      ? ['incorporationNumber', 'incorporationPlace']
      : ['occupation', 'birthDate', 'sin'];
  return [
    `${base}.kind`,
    `${base}.name`,
    ...address,
    `${base}.phone`,
    ...byKind.map((name) => `${base}.${name}`),
  ];
}

/**
 * "Does anyone else ...?" and, when yes, each person or company (trading authority, guarantee,
 * power of attorney): up to MAX_THIRD_PARTIES, added and removed one at a time.
 */
export function ThirdPartyQuestion({
  path,
  legend,
  hint,
  value,
  onChange,
  errorFor,
}: {
  /** The answer's path in the step data (`tradingAuthority`). */
  path: string;
  legend: string;
  hint: string;
  value: ThirdPartyQuestionValues;
  onChange(value: ThirdPartyQuestionValues): void;
  errorFor: ErrorAt;
}) {
  const { t, i18n } = useTranslation('financial');
  const language = i18n.language as Language;
  const yesNo = useYesNoChoices();
  const parties = value.thirdParties;
  const setParty = (index: number, patch: Partial<ThirdPartyValues>) =>
    onChange({
      ...value,
      thirdParties: parties.map((party, at) => (at === index ? { ...party, ...patch } : party)),
    });
  const kindChoices = optionsOf(thirdPartyKinds, thirdPartyKindLabels, language).map((option) => ({
    value: option.id,
    label: option.label,
  }));

  return (
    // A third party's address downloads as the person nears answering yes.
    <div onPointerEnter={nearAddressFields} onFocus={nearAddressFields}>
      <RadioChoices
        id={idOf(`${path}.answer`)}
        legend={legend}
        hint={hint}
        value={yesNoValue(value.answer)}
        onChange={(answer) =>
          onChange({
            answer: answer === 'yes',
            thirdParties: answer === 'yes' && parties.length === 0 ? [emptyThirdParty()] : parties,
          })
        }
        error={errorFor(`${path}.answer`) ?? errorFor(`${path}.thirdParties`)}
        choices={yesNo}
      />
      {value.answer === true && (
        <div className="repeated-group">
          {parties.map((party, index) => {
            const base = `${path}.thirdParties.${index}`;
            const number = index + 1;
            const company = party.kind === thirdPartyKinds.Company;
            return (
              <fieldset
                key={index}
                className="repeated-item"
                id={idOf(base)}
                tabIndex={-1}
                // The error summary names the person each problem is about, once named here.
                data-summary-group
                data-summary-name={party.name.trim() || t('thirdParties.party', { number })}
              >
                <legend className="repeated-legend">{t('thirdParties.party', { number })}</legend>
                <RadioChoices
                  id={idOf(`${base}.kind`)}
                  legend={t('thirdParties.kind')}
                  value={party.kind}
                  onChange={(kind) => setParty(index, { kind })}
                  error={errorFor(`${base}.kind`)}
                  choices={kindChoices}
                />
                <TextField
                  id={idOf(`${base}.name`)}
                  label={t(company ? 'thirdParties.companyName' : 'thirdParties.name')}
                  value={party.name}
                  onChange={(name) => setParty(index, { name })}
                  error={errorFor(`${base}.name`)}
                />
                <AddressFieldsOnChoice
                  id={idOf(`${base}.address`)}
                  legend={t('thirdParties.address')}
                  value={party.address}
                  onChange={(address) => setParty(index, { address })}
                  errorFor={(field) => errorFor(`${base}.address.${field}`)}
                />
                <TextField
                  id={idOf(`${base}.phone`)}
                  label={t('thirdParties.phone')}
                  hint={t('thirdParties.phoneHint')}
                  value={party.phone}
                  onChange={(phone) => setParty(index, { phone })}
                  error={errorFor(`${base}.phone`)}
                  autoComplete="off"
                  width="short"
                />
                {company ? (
                  <>
                    <TextField
                      id={idOf(`${base}.incorporationNumber`)}
                      label={t('thirdParties.incorporationNumber')}
                      value={party.incorporationNumber}
                      onChange={(incorporationNumber) => setParty(index, { incorporationNumber })}
                      error={errorFor(`${base}.incorporationNumber`)}
                      width="short"
                    />
                    <TextField
                      id={idOf(`${base}.incorporationPlace`)}
                      label={t('thirdParties.incorporationPlace')}
                      value={party.incorporationPlace}
                      onChange={(incorporationPlace) => setParty(index, { incorporationPlace })}
                      error={errorFor(`${base}.incorporationPlace`)}
                    />
                  </>
                ) : (
                  party.kind === thirdPartyKinds.Person && (
                    <>
                      <TextField
                        id={idOf(`${base}.occupation`)}
                        label={t('thirdParties.occupation')}
                        value={party.occupation}
                        onChange={(occupation) => setParty(index, { occupation })}
                        error={errorFor(`${base}.occupation`)}
                      />
                      <DateField
                        id={idOf(`${base}.birthDate`)}
                        legend={t('thirdParties.birthDate')}
                        hint={t('fields.birthDateHint', { ns: 'profile' })}
                        value={party.birthDate}
                        onChange={(birthDate) => setParty(index, { birthDate })}
                        error={errorFor(`${base}.birthDate`)}
                      />
                      <TextField
                        id={idOf(`${base}.sin`)}
                        label={t('thirdParties.sin')}
                        hint={
                          party.sinMasked
                            ? t('thirdParties.sinSaved', { masked: party.sinMasked })
                            : undefined
                        }
                        value={party.sin}
                        onChange={(sin) => setParty(index, { sin })}
                        error={errorFor(`${base}.sin`)}
                        inputMode="numeric"
                        autoComplete="off"
                        maxLength={11}
                        width="short"
                      />
                    </>
                  )
                )}
                {parties.length > 1 && (
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() =>
                      onChange({ ...value, thirdParties: parties.filter((_, at) => at !== index) })
                    }
                  >
                    {t('thirdParties.remove', { number })}
                  </button>
                )}
              </fieldset>
            );
          })}
          {parties.length < MAX_THIRD_PARTIES ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => onChange({ ...value, thirdParties: [...parties, emptyThirdParty()] })}
            >
              {t('thirdParties.add')}
            </button>
          ) : (
            <p className="hint">{t('thirdParties.maxReached', { max: MAX_THIRD_PARTIES })}</p>
          )}
        </div>
      )}
    </div>
  );
}
