import { useCallback } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import type { IsoDate } from '@portal/domain/calendar/iso-date';
import { fundingApi } from '../../lib/funding-api.ts';
import { useResource } from '../../lib/use-resource.ts';
import { SelectField } from '../select-field.tsx';
import { formatIsoDate, fundingLanguageOf } from './funding-format.ts';

export interface StartDatePickerProps {
  id: string;
  /** The business days offered by the server's payments calendar, in order. */
  dates: readonly IsoDate[];
  value: IsoDate | undefined;
  onChange(date: IsoDate | undefined): void;
  /** "Start date" / "Date de début" unless another label is given. */
  label?: string;
  hint?: string;
  error?: string;
  loading?: boolean;
  failed?: boolean;
  onRetry?(): void;
}

/**
 * The first debit's date, chosen among the business days the server offers (at least seven
 * business days ahead, weekends and bank holidays left out): a native select, so every date is
 * a real choice and the platform gives keyboard and screen-reader support. Dates read in full
 * in the page's language ("Monday, March 16, 2026" / "lundi 16 mars 2026").
 */
export function StartDatePicker({
  id,
  dates,
  value,
  onChange,
  label,
  hint,
  error,
  loading = false,
  failed = false,
  onRetry,
}: StartDatePickerProps) {
  const { t, i18n } = useTranslation('funding');
  const language = fundingLanguageOf(i18n.language);
  return (
    <SelectField
      id={id}
      label={label ?? t('startDate.label')}
      hint={hint ?? t('startDate.hint')}
      error={error}
      value={value}
      onChange={(chosen) => onChange(chosen === '' ? undefined : chosen)}
      options={dates.map((date) => ({ id: date, label: formatIsoDate(date, language) }))}
      loading={loading}
      failed={failed}
      onRetry={onRetry}
    />
  );
}

/**
 * The start dates the server offers: again whenever the waiver (earlier dates) or the bank's
 * institution (Quebec's holidays) changes.
 */
export function useStartDates(preNotificationWaived: boolean, institution: string | undefined) {
  const load = useCallback(
    (signal: AbortSignal) => fundingApi.startDates({ preNotificationWaived, institution }, signal),
    [preNotificationWaived, institution],
  );
  return useResource(load);
}
