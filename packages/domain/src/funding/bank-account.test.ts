import { describe, expect, it } from 'vitest';
import { paymentsCalendar } from '../calendar/payments-calendar.ts';
import {
  institutionNameOf,
  institutionNames,
  maskAccountNumber,
  paymentsRegionOf,
  quebecInstitutions,
} from './bank-account.ts';

describe('maskAccountNumber', () => {
  it('shows five dots and the last three digits only', () => {
    expect(maskAccountNumber('1234567123')).toBe('•••••123');
    expect(maskAccountNumber('1234-567 890')).toBe('•••••890');
    expect(maskAccountNumber('1234567')).toBe('•••••567');
  });
});

describe('institutions', () => {
  it('name the common Canadian institutions in both languages', () => {
    expect(institutionNameOf('001', 'en')).toBe('BMO Bank of Montreal');
    expect(institutionNameOf('006', 'en')).toBe('National Bank of Canada');
    expect(institutionNameOf('006', 'fr')).toBe('Banque Nationale du Canada');
    expect(institutionNameOf('815', 'fr')).toBe('Desjardins');
    for (const number of [
      '001',
      '002',
      '003',
      '004',
      '006',
      '010',
      '016',
      '039',
      '219',
      '540',
      '614',
      '815',
      '828',
      '837',
    ]) {
      expect(institutionNames[number], number).toBeDefined();
    }
    for (const number of Object.keys(institutionNames)) expect(number).toMatch(/^\d{3}$/);
  });

  it('fall back to the number for an institution not in the table', () => {
    expect(institutionNameOf('999', 'en')).toBe('999');
  });

  it('follow the Quebec payments calendar for Desjardins and National Bank only', () => {
    expect(quebecInstitutions).toEqual(['006', '815']);
    expect(paymentsRegionOf('815')).toBe('QC');
    expect(paymentsRegionOf('006')).toBe('QC');
    expect(paymentsRegionOf('003')).toBe('national');
  });
});

describe('the calendar of a debit, by the institution it is drawn on', () => {
  const calendarOf = (institution: string) => paymentsCalendar(paymentsRegionOf(institution));

  it.each([
    ['815', 'Desjardins'],
    ['006', 'National Bank'],
  ])('%s (%s): a debit due June 24 or January 2 goes the next business day', (institution) => {
    const calendar = calendarOf(institution);
    expect(calendar.isBusinessDay('2026-06-24')).toBe(false);
    expect(calendar.addBusinessDays('2026-06-24', 0)).toBe('2026-06-25');
    expect(calendar.isBusinessDay('2026-01-02')).toBe(false);
    expect(calendar.addBusinessDays('2026-01-02', 0)).toBe('2026-01-05');
  });

  it('004 (TD, an Ontario bank): a debit due June 24 or January 2 goes that day', () => {
    const calendar = calendarOf('004');
    expect(calendar.addBusinessDays('2026-06-24', 0)).toBe('2026-06-24');
    expect(calendar.addBusinessDays('2026-01-02', 0)).toBe('2026-01-02');
  });
});
