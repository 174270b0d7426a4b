import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { transfersApi, type DeliveringInstitutionOption } from '../../lib/transfers-api.ts';
import { describedByOf, FieldMessages } from '../field-messages.tsx';
import formStyles from '../forms.module.css';

/** Typing pauses this long before the lookup is asked, so each key does not make a call. */
export const INSTITUTION_LOOKUP_DELAY_MS = 250;

export interface ChosenInstitution {
  id: string;
  name: string;
}

/**
 * The delivering institution, found by name (spec section 5, institution lookup): a blank
 * search shows no list and makes no call; the search goes upper-cased and answers at most 10;
 * the lookup waits for a pause in typing. Only an institution of the list can be chosen: typing
 * again after a choice forgets it. A react-aria ComboBox: arrow keys, Enter and Escape, and the
 * list announced to screen readers.
 */
export function InstitutionLookup({
  id,
  value,
  onChange,
  error,
  delayMs = INSTITUTION_LOOKUP_DELAY_MS,
}: {
  id: string;
  value: ChosenInstitution | null;
  onChange(value: ChosenInstitution | null): void;
  error?: string;
  delayMs?: number;
}) {
  const { t, i18n } = useTranslation('transfers');
  const [query, setQuery] = useState(value?.name ?? '');
  // The answer with the search it answers: until the latest search answers, an empty list
  // means "still searching", not "no match".
  const [found, setFound] = useState<{ query: string; options: DeliveringInstitutionOption[] }>({
    query: '',
    options: [],
  });
  const [failed, setFailed] = useState(false);
  const blank = query.trim() === '';
  const searching = !blank && query !== value?.name;

  useEffect(() => {
    if (!searching) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      transfersApi.institutions(query.trim(), controller.signal).then(
        (options) => {
          setFound({ query, options });
          setFailed(false);
        },
        () => !controller.signal.aborted && setFailed(true),
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The language is part of the answer: names come in the page's language.
  }, [query, searching, delayMs, i18n.language]);

  const items = blank ? [] : found.options;
  const hint = t('lookup.hint');
  return (
    <div className={error ? `${formStyles.field} ${formStyles.fieldError}` : formStyles.field}>
      <ComboBox
        className={formStyles.combo}
        items={items}
        inputValue={query}
        selectedKey={value?.id ?? null}
        onInputChange={(text) => {
          setQuery(text);
          if (value && text !== value.name) onChange(null);
        }}
        onSelectionChange={(key) => {
          const option = found.options.find((each) => each.id === key);
          if (!option) return;
          setQuery(option.description);
          onChange({ id: option.id, name: option.description });
        }}
        defaultFilter={() => true}
        allowsCustomValue
        // "No match" only once there is something to match; a blank search closes the list.
        allowsEmptyCollection={!blank}
        menuTrigger="input"
        isInvalid={Boolean(error)}
        aria-describedby={describedByOf(id, hint, error)}
      >
        <Label className={formStyles.label} htmlFor={id}>
          {t('lookup.label')}
        </Label>
        <FieldMessages id={id} hint={hint} error={error} />
        <Input id={id} className={formStyles.input} autoComplete="off" spellCheck={false} />
        <Popover className={formStyles.comboPopover} placement="bottom start">
          <ListBox<DeliveringInstitutionOption>
            className={formStyles.comboList}
            renderEmptyState={() => (
              <p className={formStyles.comboEmpty}>
                {found.query === query || failed ? t('lookup.noMatch') : t('lookup.searching')}
              </p>
            )}
          >
            {(option) => (
              <ListBoxItem
                id={option.id}
                textValue={option.description}
                className={formStyles.comboItem}
              >
                {option.description}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      {failed && (
        <p className={formStyles.hint} role="alert">
          {t('lookup.failed')}
        </p>
      )}
    </div>
  );
}
