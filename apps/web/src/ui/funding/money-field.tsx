import { useTranslation } from '../../lib/i18n.ts';
import { parseMoneyText, type Cents } from '@portal/domain/money/cents';
import { describedByOf, FieldMessages } from '../field-messages.tsx';
import formStyles from '../forms.module.css';
import styles from './funding.module.css';
import { fundingLanguageOf } from './funding-format.ts';

/** What a money field holds: the text as typed, and what it is worth (`invalid` when it is not money). */
export interface MoneyValue {
  text: string;
  cents: Cents | undefined | 'invalid';
}

export const emptyMoney: MoneyValue = { text: '', cents: undefined };

export interface MoneyFieldProps {
  id: string;
  /** "Amount" / "Montant" unless another label is given. */
  label?: string;
  hint?: string;
  error?: string;
  value: MoneyValue;
  onChange(value: MoneyValue): void;
}

/**
 * A dollar amount typed as people write it in their language ("1,234.56", "1 234,56"), read
 * into whole cents by the domain's parser. The dollar sign sits where the language puts it,
 * outside the box and hidden from screen readers (the label says what the box holds); what
 * was typed stays as typed.
 */
export function MoneyField({ id, label, hint, error, value, onChange }: MoneyFieldProps) {
  const { t, i18n } = useTranslation('funding');
  const language = fundingLanguageOf(i18n.language);
  const sign = (
    <span className={styles.currencySign} aria-hidden="true">
      $
    </span>
  );
  return (
    <div className={error ? `${formStyles.field} ${formStyles.fieldError}` : formStyles.field}>
      <label className={formStyles.label} htmlFor={id}>
        {label ?? t('money.label')}
      </label>
      <FieldMessages id={id} hint={hint ?? t('money.hint')} error={error} />
      <div className={styles.moneyInput}>
        {language === 'en' && sign}
        <input
          id={id}
          className={`${formStyles.input} ${formStyles.inputShort}`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value.text}
          aria-describedby={describedByOf(id, hint ?? t('money.hint'), error)}
          aria-invalid={error ? true : undefined}
          onChange={(event) =>
            onChange({
              text: event.target.value,
              cents: parseMoneyText(event.target.value, language),
            })
          }
        />
        {language === 'fr' && sign}
      </div>
    </div>
  );
}
