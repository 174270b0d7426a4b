import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import {
  TRANSFER_LINES_MAX,
  transferLineKindLabels,
  transferLineKinds,
} from '@portal/domain/transfers/transfer-request';
import { RadioChoices } from '../choices.tsx';
import { FieldMessages } from '../field-messages.tsx';
import formStyles from '../forms.module.css';
import { MoneyField } from '../funding/money-field.tsx';
import { fundingLanguageOf } from '../funding/funding-format.ts';
import { TextField } from '../text-field.tsx';
import { emptyLine, type LineValues } from './transfer-form-state.ts';
import styles from './transfers.module.css';

/**
 * The lines of a partial transfer (spec section 5, trade-instruction rows): each an investment
 * moved as held or sold and moved as cash (symbol, name, quantity), or an amount of cash. Rows
 * are added and removed with buttons; a new row takes the focus, a removed one gives it to
 * "Add a line", and each change is announced. Ids follow the row's place, as the pre-check's
 * problems name them (`lines.1.symbol`).
 */
export function TransferLines({
  idPrefix,
  lines,
  onChange,
  errorOf,
}: {
  idPrefix: string;
  lines: LineValues[];
  onChange(lines: LineValues[]): void;
  errorOf(path: string): string | undefined;
}) {
  const { t, i18n } = useTranslation('transfers');
  const language = fundingLanguageOf(i18n.language);
  const [announcement, setAnnouncement] = useState('');
  // Where focus goes once the rows changed: a new row, or "Add a line" (-1) after a removal.
  const focusNext = useRef<number | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const groupId = `${idPrefix}-lines`;
  const groupError = errorOf('lines');

  useEffect(() => {
    const next = focusNext.current;
    if (next === null) return;
    focusNext.current = null;
    if (next < 0) addRef.current?.focus();
    else document.getElementById(`${idPrefix}-lines-${next}`)?.focus();
  });

  const update = (index: number, changes: Partial<LineValues>) =>
    onChange(lines.map((line, at) => (at === index ? { ...line, ...changes } : line)));

  const add = () => {
    if (lines.length >= TRANSFER_LINES_MAX) return;
    onChange([...lines, emptyLine()]);
    setAnnouncement(t('lines.added', { number: lines.length + 1 }));
    focusNext.current = lines.length;
  };
  const remove = (index: number) => {
    onChange(lines.filter((_, at) => at !== index));
    setAnnouncement(t('lines.removed', { number: index + 1 }));
    focusNext.current = -1;
  };

  return (
    <div className={groupError ? `${formStyles.field} ${formStyles.fieldError}` : formStyles.field}>
      <fieldset id={groupId} tabIndex={-1} aria-describedby={`${groupId}-hint`}>
        <legend className={formStyles.legend}>{t('lines.legend')}</legend>
        <FieldMessages id={groupId} hint={t('lines.hint')} error={groupError} />
        <ol className={styles.lines}>
          {lines.map((line, index) => {
            const id = (field: string) => `${idPrefix}-lines-${index}-${field}`;
            const number = index + 1;
            return (
              <li key={line.key}>
                <fieldset id={`${idPrefix}-lines-${index}`} tabIndex={-1} className={styles.line}>
                  <legend className={formStyles.legend}>{t('lines.line', { number })}</legend>
                  <RadioChoices
                    id={id('kind')}
                    legend={t('lines.kind')}
                    error={errorOf(`lines.${index}.kind`)}
                    value={line.kind}
                    onChange={(kind) => update(index, { kind })}
                    choices={transferLineKinds.map((kind) => ({
                      value: kind,
                      label: transferLineKindLabels[kind][language],
                    }))}
                  />
                  {line.kind === 'cash' ? (
                    <MoneyField
                      id={id('amount')}
                      label={t('lines.amount')}
                      error={errorOf(`lines.${index}.amount`)}
                      value={line.amount}
                      onChange={(amount) => update(index, { amount })}
                    />
                  ) : (
                    <>
                      <TextField
                        id={id('symbol')}
                        label={t('lines.symbol')}
                        hint={t('lines.symbolHint')}
                        error={errorOf(`lines.${index}.symbol`)}
                        value={line.symbol}
                        onChange={(symbol) => update(index, { symbol: symbol.toUpperCase() })}
                        maxLength={20}
                        width="short"
                      />
                      <TextField
                        id={id('securityName')}
                        label={t('lines.securityName')}
                        error={errorOf(`lines.${index}.securityName`)}
                        value={line.securityName}
                        onChange={(securityName) => update(index, { securityName })}
                        maxLength={80}
                      />
                      <TextField
                        id={id('quantity')}
                        label={t('lines.quantity')}
                        hint={t('lines.quantityHint')}
                        error={errorOf(`lines.${index}.quantity`)}
                        value={line.quantity}
                        onChange={(quantity) => update(index, { quantity })}
                        inputMode="numeric"
                        width="short"
                      />
                    </>
                  )}
                  {lines.length > 1 && (
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => remove(index)}
                    >
                      {t('lines.remove', { number })}
                    </button>
                  )}
                </fieldset>
              </li>
            );
          })}
        </ol>
        {lines.length < TRANSFER_LINES_MAX ? (
          <button ref={addRef} type="button" className="button button-secondary" onClick={add}>
            {t('lines.add')}
          </button>
        ) : (
          <p>{t('lines.max', { count: TRANSFER_LINES_MAX })}</p>
        )}
        <div role="status" aria-live="polite" className="visually-hidden">
          {announcement}
        </div>
      </fieldset>
    </div>
  );
}
