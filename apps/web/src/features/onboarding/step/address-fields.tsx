import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import type { Language } from '@portal/domain/enums/define-enum';
import {
  addressLookupApi,
  type AddressSuggestion,
  type AddressValue,
} from '../../../lib/address-lookup-api.ts';
import { referenceOptions, useReferenceList } from '../../../lib/reference-lists.ts';
import styles from '../../../ui/forms.module.css';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';

export type { AddressValue };

const CANADA = 1;
const USA = 2;
const LOOKUP_DELAY_MS = 250;

const addressKeys = [
  'suite',
  'streetNumber',
  'streetName',
  'city',
  'provinceId',
  'postalCode',
  'countryId',
] as const satisfies readonly (keyof AddressValue)[];

/** The same place, whatever the case and spacing it was typed with. */
export function sameAddress(a: AddressValue, b: AddressValue): boolean {
  const plain = (value: unknown) =>
    String(value ?? '')
      .replace(/\s+/g, '')
      .toUpperCase();
  return addressKeys.every((key) => plain(a[key]) === plain(b[key]));
}

/** Another address this one may copy ("Same home address as me" on the joint profile). */
export interface SameAddressOffer {
  label: string;
  hint?: string;
  address: AddressValue;
}

/**
 * An address: type-ahead over Canadian addresses (the address-lookup provider), then the
 * fields themselves, filled by the choice and always editable, for manual entry too.
 */
export function AddressFields({
  id,
  legend,
  hint,
  value,
  onChange,
  errorFor,
  sameAs,
}: {
  id: string;
  legend: string;
  hint?: string;
  value: AddressValue;
  onChange(value: AddressValue): void;
  /** Offers to copy another address into these fields (they stay editable). */
  sameAs?: SameAddressOffer;
  /** The error of one field of this address, by its name (`streetName`, `postalCode`, ...). */
  errorFor(field: keyof AddressValue): string | undefined;
}) {
  const { t, i18n } = useTranslation('profile');
  const language = i18n.language as Language;
  const countries = useReferenceList('countries');
  const provinces = useReferenceList('provinceStates');
  const countryId = value.countryId ?? CANADA;
  const [copied, setCopied] = useState(
    () => sameAs !== undefined && sameAddress(value, sameAs.address),
  );
  // Changing a copied address makes it this person's own: the box no longer says "same".
  const change = (next: AddressValue) => {
    if (copied && sameAs && !sameAddress(next, sameAs.address)) setCopied(false);
    onChange(next);
  };
  const set = (field: keyof AddressValue, text: string) =>
    change({ ...value, countryId, [field]: text });
  const setNumber = (field: 'provinceId' | 'countryId', text: string) =>
    change({ ...value, countryId, [field]: text === '' ? undefined : Number(text) });
  const copy = (checked: boolean) => {
    setCopied(checked);
    onChange(checked && sameAs ? { ...sameAs.address } : { countryId: CANADA });
  };

  const provinceOptions = useMemo(
    () =>
      provinces.resource.state === 'ready'
        ? referenceOptions(
            provinces.resource.data.filter((province) => province.parentId === countryId),
            language,
          )
        : [],
    [provinces.resource, countryId, language],
  );

  return (
    <fieldset id={id} className="address" tabIndex={-1}>
      <legend className="address-legend">{legend}</legend>
      {hint && <p className="hint">{hint}</p>}
      {sameAs && (
        <div className={styles.choice}>
          <input
            id={`${id}-same`}
            type="checkbox"
            checked={copied}
            aria-describedby={sameAs.hint ? `${id}-same-hint` : undefined}
            onChange={(event) => copy(event.target.checked)}
          />
          <label htmlFor={`${id}-same`}>{sameAs.label}</label>
          {sameAs.hint && (
            <div id={`${id}-same-hint`} className={styles.choiceHint}>
              {sameAs.hint}
            </div>
          )}
        </div>
      )}
      {countryId === CANADA && <AddressLookup id={`${id}-lookup`} onChoose={change} />}
      <TextField
        id={`${id}-suite`}
        label={t('address.suite')}
        value={value.suite ?? ''}
        onChange={(text) => set('suite', text)}
        error={errorFor('suite')}
        width="short"
      />
      <TextField
        id={`${id}-streetNumber`}
        label={t('address.streetNumber')}
        value={value.streetNumber ?? ''}
        onChange={(text) => set('streetNumber', text)}
        error={errorFor('streetNumber')}
        width="short"
      />
      <TextField
        id={`${id}-streetName`}
        label={t('address.streetName')}
        value={value.streetName ?? ''}
        onChange={(text) => set('streetName', text)}
        error={errorFor('streetName')}
        autoComplete="address-line1"
      />
      <TextField
        id={`${id}-city`}
        label={t('address.city')}
        value={value.city ?? ''}
        onChange={(text) => set('city', text)}
        error={errorFor('city')}
        autoComplete="address-level2"
      />
      {(countryId === CANADA || countryId === USA) && (
        <SelectField
          id={`${id}-provinceId`}
          label={t(countryId === CANADA ? 'address.province' : 'address.state')}
          value={value.provinceId}
          onChange={(text) => setNumber('provinceId', text)}
          error={errorFor('provinceId')}
          options={provinceOptions}
          loading={provinces.resource.state === 'loading'}
          failed={provinces.resource.state === 'failed'}
          onRetry={provinces.retry}
        />
      )}
      <TextField
        id={`${id}-postalCode`}
        label={t(countryId === USA ? 'address.zipCode' : 'address.postalCode')}
        hint={countryId === CANADA ? t('address.postalCodeHint') : undefined}
        value={value.postalCode ?? ''}
        onChange={(text) => set('postalCode', text)}
        error={errorFor('postalCode')}
        autoComplete="postal-code"
        width="short"
      />
      <SelectField
        id={`${id}-countryId`}
        label={t('address.country')}
        value={countryId}
        onChange={(text) => setNumber('countryId', text)}
        error={errorFor('countryId')}
        options={
          countries.resource.state === 'ready'
            ? referenceOptions(countries.resource.data, language)
            : []
        }
        loading={countries.resource.state === 'loading'}
        failed={countries.resource.state === 'failed'}
        onRetry={countries.retry}
      />
    </fieldset>
  );
}

/** The type-ahead: suggestions as the person types, the full address on choosing one. */
function AddressLookup({ id, onChoose }: { id: string; onChoose(address: AddressValue): void }) {
  const { t, i18n } = useTranslation('profile');
  const [query, setQuery] = useState('');
  // The suggestions with the search they answer: until the latest search answers, an empty
  // list means "still searching", not "no match".
  const [found, setFound] = useState<{ query: string; suggestions: AddressSuggestion[] }>({
    query: '',
    suggestions: [],
  });
  const suggestions = found.suggestions;
  const [problem, setProblem] = useState(false);

  useEffect(() => {
    if (query.trim().length < 3) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      addressLookupApi.find(query, i18n.language, controller.signal).then(
        (answered) => {
          setFound({ query, suggestions: answered });
          setProblem(false);
        },
        () => !controller.signal.aborted && setProblem(true),
      );
    }, LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, i18n.language]);

  const choose = async (key: string | number | null) => {
    if (key === null) return;
    try {
      onChoose(await addressLookupApi.retrieve(String(key), i18n.language));
      setQuery('');
      setFound({ query: '', suggestions: [] });
    } catch {
      setProblem(true);
    }
  };

  return (
    <ComboBox
      className="address-lookup"
      items={query.trim().length < 3 ? [] : suggestions}
      inputValue={query}
      onInputChange={setQuery}
      onSelectionChange={(key) => void choose(key)}
      defaultFilter={() => true}
      allowsCustomValue
      // "No match" only once there is something to match; otherwise the list closes.
      allowsEmptyCollection={query.trim().length >= 3}
      menuTrigger="input"
    >
      <Label htmlFor={id}>{t('address.lookup')}</Label>
      <Text slot="description" className="hint">
        {problem ? t('address.lookupFailed') : t('address.lookupHint')}
      </Text>
      <Input id={id} className="address-lookup-input" />
      <Popover className="address-lookup-popover" placement="bottom start">
        <ListBox<AddressSuggestion>
          className="address-lookup-list"
          renderEmptyState={() => (
            <p className="address-lookup-empty">
              {found.query === query || problem ? t('address.noMatch') : t('address.searching')}
            </p>
          )}
        >
          {(suggestion) => (
            <ListBoxItem
              id={suggestion.id}
              textValue={`${suggestion.text} ${suggestion.description}`}
              className="address-lookup-item"
            >
              <span>{suggestion.text}</span>{' '}
              <span className="address-lookup-description">{suggestion.description}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
