import { useTranslation } from '../../../lib/i18n.ts';
import { optionsOf, type Language } from '@portal/domain/enums/define-enum';
import { phoneTypeLabels, phoneTypes } from '@portal/domain/enums/person';
import { FieldMessages } from '../../../ui/field-messages.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';

export interface PhoneValue {
  type?: number;
  number: string;
  extension?: string;
}

const MAX_PHONES = Object.keys(phoneTypes).length;

/** Phone numbers: one row per number, at most one per type (spec section 5). */
export function PhoneFields({
  id,
  value,
  onChange,
  errorFor,
}: {
  id: string;
  value: PhoneValue[];
  onChange(value: PhoneValue[]): void;
  /** An error by its path below `phones` (`''` for the list, `0.number`, `1.type`, ...). */
  errorFor(path: string): string | undefined;
}) {
  const { t, i18n } = useTranslation('profile');
  const types = optionsOf(phoneTypes, phoneTypeLabels, i18n.language as Language);
  const rows = value.length > 0 ? value : [{ number: '' }];
  const update = (index: number, patch: Partial<PhoneValue>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  return (
    <fieldset id={id} className="phones" tabIndex={-1}>
      <legend className="address-legend">{t('fields.phones')}</legend>
      <FieldMessages id={id} hint={t('fields.phonesHint')} error={errorFor('')} />
      {rows.map((row, index) => (
        <div
          key={index}
          className="phone-row"
          role="group"
          aria-label={`${t('fields.phoneNumber')} ${index + 1}`}
        >
          <SelectField
            id={`${id}-${index}-type`}
            label={t('fields.phoneType')}
            value={row.type}
            onChange={(text) => update(index, { type: text === '' ? undefined : Number(text) })}
            options={types.map((type) => ({ id: type.id, label: type.label }))}
            error={errorFor(`${index}.type`)}
          />
          <TextField
            id={`${id}-${index}-number`}
            label={t('fields.phoneNumber')}
            value={row.number}
            onChange={(number) => update(index, { number })}
            error={errorFor(`${index}.number`)}
            autoComplete="tel-national"
            inputMode="numeric"
          />
          <TextField
            id={`${id}-${index}-extension`}
            label={t('fields.phoneExtension')}
            value={row.extension ?? ''}
            onChange={(extension) => update(index, { extension })}
            error={errorFor(`${index}.extension`)}
            inputMode="numeric"
            width="short"
          />
          {rows.length > 1 && (
            <button
              type="button"
              className="link-button"
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              {t('fields.removePhone')}
              <span className="visually-hidden"> {index + 1}</span>
            </button>
          )}
        </div>
      ))}
      {rows.length < MAX_PHONES && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onChange([...rows, { number: '' }])}
        >
          {t('fields.addPhone')}
        </button>
      )}
    </fieldset>
  );
}
