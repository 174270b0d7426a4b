import { useMemo, useState } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import {
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  useFilter,
} from 'react-aria-components';
import { describedByOf, FieldMessages } from './field-messages.tsx';
import styles from './forms.module.css';
import type { SelectOption } from './select-field.tsx';

/**
 * A choice among many options found by typing (react-aria's ComboBox: the list filters as the
 * person types, ignoring accents and case, and the arrow keys, Enter and Escape work as a
 * screen reader expects). Only an option of the list can be chosen. Options are shown in the
 * alphabetical order of the page's language. When nothing matches what was typed, the open
 * list says so (`noMatch`, for example which option to choose instead), and a live region
 * announces it, since an empty list alone tells a screen reader nothing.
 */
export function SearchableSelectField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  options,
  loading = false,
  failed = false,
  onRetry,
  noMatch,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: number | undefined;
  onChange(value: number | undefined): void;
  options: readonly SelectOption[];
  loading?: boolean;
  failed?: boolean;
  onRetry?(): void;
  /** What to say when nothing matches; "No choice matches. Try other words." if not given. */
  noMatch?: string;
}) {
  const { t, i18n } = useTranslation('forms');
  const { contains } = useFilter({ sensitivity: 'base' });
  const [typed, setTyped] = useState('');
  // By content, not identity: callers build their options on each render, and a new list
  // would make the ComboBox rebuild its collection (and its open list) every time.
  const signature = JSON.stringify(options);
  const sorted = useMemo(() => {
    const collator = new Intl.Collator(i18n.language === 'fr' ? 'fr-CA' : 'en-CA');
    return (JSON.parse(signature) as SelectOption[]).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
  }, [signature, i18n.language]);
  const noMatchText = noMatch ?? t('noChoiceMatches');
  const nothingMatches =
    typed.trim() !== '' && !sorted.some((option) => contains(option.label, typed));
  return (
    <div className={error ? `${styles.field} ${styles.fieldError}` : styles.field}>
      <ComboBox
        className={styles.combo}
        defaultItems={sorted}
        selectedKey={value ?? null}
        onSelectionChange={(key) => onChange(key === null ? undefined : Number(key))}
        isDisabled={loading || failed}
        isInvalid={Boolean(error)}
        aria-describedby={describedByOf(id, hint, error)}
        menuTrigger="focus"
        defaultFilter={contains}
        onInputChange={setTyped}
        // Kept open when nothing matches, so the list can say what to do instead.
        allowsEmptyCollection
      >
        <Label className={styles.label} htmlFor={id}>
          {label}
        </Label>
        <FieldMessages id={id} hint={hint} error={error} />
        {/* The list opens on focus and filters as one types: no separate button to reach. */}
        <Input
          id={id}
          className={styles.input}
          placeholder={loading ? t('loadingOptions') : undefined}
          aria-busy={loading || undefined}
        />
        <Popover className={styles.comboPopover} placement="bottom start">
          <ListBox<SelectOption>
            className={styles.comboList}
            renderEmptyState={() => <p className={styles.comboEmpty}>{noMatchText}</p>}
          >
            {(option) => (
              <ListBoxItem id={option.id} textValue={option.label} className={styles.comboItem}>
                {option.label}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      {/* React Aria hides the page outside the open list from screen readers, except regions
          marked as live announcers: this one says "nothing matches" while the list is open. */}
      <p className="visually-hidden" role="status" data-live-announcer="true">
        {nothingMatches ? noMatchText : ''}
      </p>
      {failed && (
        <p className={styles.hint} role="alert">
          {t('optionsFailed')}{' '}
          {onRetry && (
            <button type="button" className="link-button" onClick={onRetry}>
              {t('retry')}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
