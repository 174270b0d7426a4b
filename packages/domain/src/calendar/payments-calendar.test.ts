import Holidays from 'date-holidays';
import { describe, expect, it } from 'vitest';
import * as domain from '../index.ts';
import { weekdayOf } from './iso-date.ts';
import {
  droppedLibraryRules,
  nationalHolidays,
  quebecHolidays,
} from './payments-calendar-corrections.ts';
import {
  addBusinessDays,
  businessDaysFrom,
  dateOfRule,
  easterSunday,
  isBusinessDay,
  nextBusinessDay,
  nonProcessingDays,
  paymentsCalendar,
} from './payments-calendar.ts';

const national2026 = [
  ['2026-01-01', 'newYear'],
  ['2026-04-03', 'goodFriday'],
  ['2026-05-18', 'victoriaDay'],
  ['2026-07-01', 'canadaDay'],
  ['2026-09-07', 'labourDay'],
  ['2026-09-30', 'truthAndReconciliation'],
  ['2026-10-12', 'thanksgiving'],
  ['2026-11-11', 'remembranceDay'],
  ['2026-12-25', 'christmas'],
  // Boxing Day is a Saturday: observed Monday the 28th.
  ['2026-12-28', 'boxingDay'],
] as const;

const national2027 = [
  ['2027-01-01', 'newYear'],
  ['2027-03-26', 'goodFriday'],
  ['2027-05-24', 'victoriaDay'],
  ['2027-07-01', 'canadaDay'],
  ['2027-09-06', 'labourDay'],
  ['2027-09-30', 'truthAndReconciliation'],
  ['2027-10-11', 'thanksgiving'],
  ['2027-11-11', 'remembranceDay'],
  // Christmas on Saturday, Boxing Day on Sunday: Monday 27 and Tuesday 28.
  ['2027-12-27', 'christmas'],
  ['2027-12-28', 'boxingDay'],
] as const;

const asDays = (table: readonly (readonly [string, string])[]) =>
  [...table].sort(([a], [b]) => a.localeCompare(b)).map(([date, holiday]) => ({ date, holiday }));

describe('nonProcessingDays', () => {
  it('lists every national non-processing day of 2026', () => {
    expect(nonProcessingDays(2026)).toEqual(asDays(national2026));
  });

  it('lists every national non-processing day of 2027', () => {
    expect(nonProcessingDays(2027)).toEqual(asDays(national2027));
  });

  it('adds January 2 and June 24 in Quebec (2026)', () => {
    expect(nonProcessingDays(2026, 'QC')).toEqual(
      asDays([...national2026, ['2026-01-02', 'newYearQuebec'], ['2026-06-24', 'stJeanBaptiste']]),
    );
  });

  it('moves Quebec’s January 2 on a Saturday to Monday January 4 (2027)', () => {
    expect(nonProcessingDays(2027, 'QC')).toEqual(
      asDays([...national2027, ['2027-01-04', 'newYearQuebec'], ['2027-06-24', 'stJeanBaptiste']]),
    );
  });

  it('lists only weekdays: a weekend holiday is listed on the day it is observed', () => {
    for (const year of [2026, 2027, 2028]) {
      for (const region of ['national', 'QC'] as const) {
        for (const { date } of nonProcessingDays(year, region)) {
          expect([0, 6]).not.toContain(weekdayOf(date));
        }
      }
    }
  });

  it('observes a Saturday New Year’s Day on Monday, and Quebec’s Sunday January 2 on Tuesday (2022)', () => {
    expect(nonProcessingDays(2022, 'QC').slice(0, 2)).toEqual([
      { date: '2022-01-03', holiday: 'newYear' },
      { date: '2022-01-04', holiday: 'newYearQuebec' },
    ]);
  });

  it('has no Truth and Reconciliation day before 2021', () => {
    expect(nonProcessingDays(2020).map((day) => day.holiday)).not.toContain(
      'truthAndReconciliation',
    );
    expect(nonProcessingDays(2021).map((day) => day.holiday)).toContain('truthAndReconciliation');
  });

  it('hands out copies: changing an answer does not change the calendar', () => {
    const days = nonProcessingDays(2026);
    days[0]!.date = '2026-01-05';
    days.pop();
    expect(nonProcessingDays(2026)).toEqual(asDays(national2026));
  });
});

describe('isBusinessDay', () => {
  it.each([
    ['2026-04-03', false, 'Good Friday'],
    ['2026-04-06', true, 'Easter Monday is processed'],
    ['2026-02-16', true, 'Family Day is processed'],
    ['2026-08-03', true, 'the Civic Holiday is processed'],
    ['2026-04-04', false, 'a Saturday'],
    ['2026-04-05', false, 'a Sunday'],
    ['2026-12-26', false, 'Boxing Day on a Saturday'],
    ['2026-12-28', false, 'Boxing Day observed'],
    ['2026-06-24', true, 'June 24 outside Quebec'],
  ])('%s is %s nationally (%s)', (date, expected) => {
    expect(isBusinessDay(date)).toBe(expected);
  });

  it('stops on June 24 and January 2 in Quebec only', () => {
    expect(isBusinessDay('2026-06-24', 'QC')).toBe(false);
    expect(isBusinessDay('2026-01-02', 'QC')).toBe(false);
    expect(isBusinessDay('2026-01-02')).toBe(true);
  });
});

describe('addBusinessDays', () => {
  it.each([
    // Good Friday, then the weekend; Easter Monday is a business day.
    ['2026-04-02', 1, '2026-04-06'],
    // Christmas (Friday), the weekend, Boxing Day observed on Monday.
    ['2026-12-24', 1, '2026-12-29'],
    // Christmas and Boxing Day observed Monday 27 and Tuesday 28.
    ['2027-12-24', 1, '2027-12-29'],
    // Victoria Day.
    ['2026-05-15', 1, '2026-05-19'],
    // Over New Year's Day into the next year.
    ['2026-12-21', 7, '2027-01-04'],
    // New Year's Day 2028 on Saturday, observed Monday January 3.
    ['2027-12-31', 1, '2028-01-04'],
    ['2026-04-06', 5, '2026-04-13'],
  ])('%s + %i business days = %s (national)', (from, n, expected) => {
    expect(addBusinessDays(from, n)).toBe(expected);
  });

  it.each([
    ['2025-12-31', 1, '2026-01-05'],
    ['2026-06-23', 1, '2026-06-25'],
    ['2026-12-21', 7, '2027-01-05'],
    // Quebec’s January 2, 2028 (a Sunday) follows the observed New Year’s Day: Tuesday 4.
    ['2027-12-31', 1, '2028-01-05'],
  ])('%s + %i business days = %s (Quebec)', (from, n, expected) => {
    expect(addBusinessDays(from, n, 'QC')).toBe(expected);
  });

  it('with 0, answers the day itself when a business day, else the next one', () => {
    expect(addBusinessDays('2026-04-02', 0)).toBe('2026-04-02');
    expect(addBusinessDays('2026-04-03', 0)).toBe('2026-04-06');
    expect(addBusinessDays('2026-04-04', 0)).toBe('2026-04-06');
  });

  it('refuses a negative or fractional count', () => {
    expect(() => addBusinessDays('2026-04-02', -1)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-04-02', 1.5)).toThrow(RangeError);
  });

  it('is the spec’s nextBusinessDay (7 business days from a Thursday before Good Friday)', () => {
    expect(nextBusinessDay('2026-04-02', 7)).toBe('2026-04-14');
    expect(nextBusinessDay('2026-04-02', 7, 'QC')).toBe(addBusinessDays('2026-04-02', 7, 'QC'));
  });
});

describe('businessDaysFrom', () => {
  it('lists the business days from a day, itself included', () => {
    expect(businessDaysFrom('2026-04-02', 3)).toEqual(['2026-04-02', '2026-04-06', '2026-04-07']);
  });

  it('starts at the next business day when the first is not one', () => {
    expect(businessDaysFrom('2026-12-25', 2)).toEqual(['2026-12-29', '2026-12-30']);
    expect(businessDaysFrom('2026-06-24', 1, 'QC')).toEqual(['2026-06-25']);
  });
});

describe('paymentsCalendar', () => {
  it('is the calendar of the region it is made for: Quebec’s stops on June 24 and January 2', () => {
    const quebec = paymentsCalendar('QC');
    expect(quebec.isBusinessDay('2026-06-24')).toBe(false);
    expect(quebec.isBusinessDay('2026-01-02')).toBe(false);
    expect(quebec.addBusinessDays('2026-06-24', 0)).toBe('2026-06-25');
    expect(quebec.addBusinessDays('2026-06-23', 1)).toBe('2026-06-25');
    expect(quebec.addBusinessDays('2026-01-02', 0)).toBe('2026-01-05');
  });

  it('is the national calendar by default: June 24 and January 2 are business days', () => {
    const national = paymentsCalendar();
    expect(national.isBusinessDay('2026-06-24')).toBe(true);
    expect(national.isBusinessDay('2026-01-02')).toBe(true);
    expect(national.addBusinessDays('2026-06-24', 0)).toBe('2026-06-24');
    expect(national.addBusinessDays('2026-06-23', 1)).toBe('2026-06-24');
  });
});

describe('the corrections of date-holidays', () => {
  const libraryRules = [...nationalHolidays, ...quebecHolidays].map((day) => day.libraryRule);

  it('account for every public or optional day the library lists for Canada and Quebec', () => {
    for (const library of [new Holidays('CA'), new Holidays('CA', 'QC')]) {
      for (const year of [2026, 2027]) {
        for (const day of library.getHolidays(year)) {
          if (day.type !== 'public' && day.type !== 'optional') continue;
          const accounted =
            libraryRules.includes(day.rule) || droppedLibraryRules.includes(day.rule);
          expect(accounted, `${day.name} (${day.rule})`).toBe(true);
        }
      }
    }
  });

  it('drop Easter Monday, Family Day and the Civic Holiday that the library has for Ontario', () => {
    const ontario = new Holidays('CA', 'ON').getHolidays(2026);
    for (const rule of droppedLibraryRules) {
      expect(ontario.map((day) => day.rule)).toContain(rule);
    }
  });

  it('have rules of their own that give the library’s dates where it has them (2020-2035)', () => {
    let compared = 0;
    for (let year = 2020; year <= 2035; year += 1) {
      const days = [
        ...new Holidays('CA').getHolidays(year),
        ...new Holidays('CA', 'QC').getHolidays(year),
        ...new Holidays('CA', 'ON').getHolidays(year),
      ];
      for (const correction of [...nationalHolidays, ...quebecHolidays]) {
        const day = days.find((candidate) => candidate.rule === correction.libraryRule);
        if (!day) continue;
        expect(dateOfRule(correction.rule, year), correction.holiday).toBe(day.date.slice(0, 10));
        compared += 1;
      }
    }
    // Every correction but Quebec's January 2 is in some library list every year, except the
    // Truth and Reconciliation day in 2020 (a holiday since 2021).
    expect(compared).toBe(16 * (nationalHolidays.length + quebecHolidays.length - 1) - 1);
  });

  it('compute Easter Sunday', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
  });
});

describe('the package index', () => {
  it('does not export the payments calendar, so the web never bundles date-holidays', () => {
    expect(domain).not.toHaveProperty('nonProcessingDays');
    expect(domain).not.toHaveProperty('addBusinessDays');
    expect(domain).not.toHaveProperty('isBusinessDay');
  });
});
