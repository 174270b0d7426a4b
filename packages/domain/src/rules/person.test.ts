import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MINIMUM_AGE_YEARS } from '../constants.ts';
import { messagesEn, messagesFr } from '../messages/messages.ts';
import {
  ageOn,
  datePartsProblem,
  dealerDate,
  birthDateSchema,
  emailConfirmationSchema,
  isCalendarDate,
  isValidSin,
  maskSin,
  normalizeSin,
  optionalSinSchema,
  personNameSchema,
  sinProblem,
  sinSchema,
} from './person.ts';

/** The Luhn check digit that completes 8 digits into a valid SIN. */
function withCheckDigit(eight: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    const candidate = `${eight}${digit}`;
    const sum = [...candidate].reduce((total, char, index) => {
      const doubled = index % 2 === 1 ? Number(char) * 2 : Number(char);
      return total + (doubled > 9 ? doubled - 9 : doubled);
    }, 0);
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

const validSin = fc
  .tuple(
    fc.constantFrom('1', '2', '3', '4', '5', '6', '7', '9'),
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 7 }),
  )
  .map(([first, rest]) => withCheckDigit(`${first}${rest.join('')}`));

const issuesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('social insurance number', () => {
  it('accepts known valid numbers and refuses the rest', () => {
    expect(isValidSin('130692544')).toBe(true);
    expect(isValidSin('130692545')).toBe(false);
    // Passes Luhn but starts with 0 (never assigned) or 8 (business numbers).
    expect(isValidSin('046454286')).toBe(false);
    expect(isValidSin(withCheckDigit('81234567'))).toBe(false);
    expect(isValidSin('13069254')).toBe(false);
    expect(isValidSin('1306925440')).toBe(false);
    expect(isValidSin('130 692 544')).toBe(false);
  });

  it('passes every generated valid SIN, written with spaces or dashes', () => {
    fc.assert(
      fc.property(validSin, fc.constantFrom(' ', '-', '', ' - '), (sin, separator) => {
        const typed = `${sin.slice(0, 3)}${separator}${sin.slice(3, 6)}${separator}${sin.slice(6)}`;
        expect(isValidSin(sin)).toBe(true);
        expect(normalizeSin(typed)).toBe(sin);
        expect(sinSchema.parse(` ${typed} `)).toBe(sin);
      }),
    );
  });

  it('refuses any single-digit change of a valid SIN', () => {
    fc.assert(
      fc.property(
        validSin,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (sin, position, shift) => {
          const changed = (Number(sin[position]) + shift) % 10;
          const typo = `${sin.slice(0, position)}${changed}${sin.slice(position + 1)}`;
          expect(isValidSin(typo)).toBe(false);
          // A first digit changed to 0 or 8 is said as such; any other typo fails the check.
          const reason = /^[08]/.test(typo) ? 'sinFirstDigit' : 'sinCheckDigit';
          expect(issuesOf(sinSchema.safeParse(typo))).toEqual([reason]);
        },
      ),
    );
  });

  it('is required, and optional only where the schema says so', () => {
    expect(issuesOf(sinSchema.safeParse(''))).toEqual(['required']);
    expect(issuesOf(sinSchema.safeParse(undefined))).toEqual(['required']);
    expect(issuesOf(sinSchema.safeParse('12345678A'))).toEqual(['sinLength']);
    expect(optionalSinSchema.parse('')).toBeUndefined();
    expect(optionalSinSchema.parse(undefined)).toBeUndefined();
    expect(optionalSinSchema.parse('130-692-544')).toBe('130692544');
    expect(issuesOf(optionalSinSchema.safeParse('130 692 545'))).toEqual(['sinCheckDigit']);
  });

  it('says why a SIN is refused: its length, a first digit of 0 or 8, or its check digit', () => {
    expect(sinProblem('130692544')).toBeUndefined();
    expect(sinProblem(withCheckDigit('91234567'))).toBeUndefined();
    expect(issuesOf(sinSchema.safeParse('13069254'))).toEqual(['sinLength']);
    expect(issuesOf(sinSchema.safeParse('1306925440'))).toEqual(['sinLength']);
    expect(issuesOf(sinSchema.safeParse('046454286'))).toEqual(['sinFirstDigit']);
    expect(issuesOf(sinSchema.safeParse(withCheckDigit('81234567')))).toEqual(['sinFirstDigit']);
    expect(issuesOf(sinSchema.safeParse('130 692 545'))).toEqual(['sinCheckDigit']);
    expect(issuesOf(optionalSinSchema.safeParse('046 454 286'))).toEqual(['sinFirstDigit']);
    expect(messagesEn.sinFirstDigit).toBe('A SIN never starts with 0 or 8. Check the first digit.');
    expect(messagesFr.sinFirstDigit).toBe(
      'Un NAS ne commence jamais par 0 ni par 8. Vérifiez le premier chiffre.',
    );
  });

  it('is masked to its last three digits', () => {
    expect(maskSin('130692544')).toBe('*** *** 544');
    expect(maskSin('130-692-544')).toBe('*** *** 544');
    fc.assert(fc.property(validSin, (sin) => maskSin(sin) === `*** *** ${sin.slice(6)}`));
  });
});

/** `YYYY-MM-DD` of a UTC date, and date arithmetic for the generators. */
const iso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (text: string, days: number) => {
  const date = new Date(`${text}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return iso(date);
};
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
/** The day someone born on `birthDate` turns `years` old: Feb 29 falls on Mar 1 in common years. */
const birthday = (birthDate: string, years: number) => {
  const year = Number(birthDate.slice(0, 4)) + years;
  const monthDay = birthDate.slice(5);
  if (monthDay === '02-29' && !isLeap(year)) return `${year}-03-01`;
  return `${year}-${monthDay}`;
};

const birthDates = fc
  .date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2010-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map(iso);
const leapDays = fc
  .integer({ min: 1904, max: 2008 })
  .filter(isLeap)
  .map((year) => `${year}-02-29`);

describe('age', () => {
  it('counts whole years', () => {
    expect(ageOn('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageOn('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageOn('2026-01-01', '2026-01-01')).toBe(0);
  });

  it('turns a year older on March 1 for a February 29 birthday in common years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-28')).toBe(19);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });

  it('refuses dates that are not on the calendar', () => {
    expect(() => ageOn('2023-02-29', '2026-01-01')).toThrow(RangeError);
    expect(() => ageOn('1990-01-01', '2026-13-01')).toThrow(RangeError);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('2024-04-31')).toBe(false);
    expect(isCalendarDate('2024-4-3')).toBe(false);
  });

  it('turns 18 exactly on the 18th birthday, leap-day birthdays included', () => {
    fc.assert(
      fc.property(fc.oneof(birthDates, leapDays), (born) => {
        const eighteenth = birthday(born, MINIMUM_AGE_YEARS);
        expect(ageOn(born, eighteenth)).toBe(MINIMUM_AGE_YEARS);
        expect(ageOn(born, addDays(eighteenth, -1))).toBe(MINIMUM_AGE_YEARS - 1);
      }),
    );
  });
});

describe('birth date', () => {
  it('passes on the 18th birthday and is tooYoung the day before', () => {
    fc.assert(
      fc.property(fc.oneof(birthDates, leapDays), (born) => {
        const eighteenth = birthday(born, MINIMUM_AGE_YEARS);
        expect(birthDateSchema(eighteenth).safeParse(born).success).toBe(true);
        const dayBefore = birthDateSchema(addDays(eighteenth, -1)).safeParse(born);
        expect(issuesOf(dayBefore)).toEqual(['tooYoung']);
      }),
    );
  });

  it('is a calendar date, not in the future and not before 1900', () => {
    const schema = birthDateSchema('2026-05-01');
    expect(issuesOf(schema.safeParse(''))).toEqual(['required']);
    expect(issuesOf(schema.safeParse(undefined))).toEqual(['required']);
    expect(issuesOf(schema.safeParse('1990-02-30'))).toEqual(['dateNotReal']);
    expect(issuesOf(schema.safeParse('01/02/1990'))).toEqual(['invalid']);
    expect(issuesOf(schema.safeParse('2026-05-02'))).toEqual(['invalid']);
    expect(issuesOf(schema.safeParse('1899-12-31'))).toEqual(['invalid']);
    expect(schema.parse('1900-01-01')).toBe('1900-01-01');
    expect(schema.parse(' 1990/02/28 ')).toBe('1990-02-28');
  });

  it('asks no age when the minimum is 0 (a spouse)', () => {
    const schema = birthDateSchema('2026-05-01', 0);
    expect(schema.parse('2026-05-01')).toBe('2026-05-01');
    expect(issuesOf(schema.safeParse('2026-05-02'))).toEqual(['invalid']);
  });

  it('needs a calendar date for today', () => {
    expect(() => birthDateSchema('2026-02-30')).toThrow(RangeError);
  });
});

describe('email and its confirmation', () => {
  const parse = (email: unknown, confirmEmail: unknown) =>
    emailConfirmationSchema.safeParse({ email, confirmEmail });
  const codes = (result: ReturnType<typeof parse>) =>
    result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

  it('matches without regard to case or surrounding spaces', () => {
    expect(parse(' Camille@Example.ca', 'camille@example.CA ')).toMatchObject({
      success: true,
      data: { email: 'camille@example.ca', confirmEmail: 'camille@example.ca' },
    });
  });

  it('says emailMismatch on the confirmation, emailFormat on the email', () => {
    expect(codes(parse('camille@example.ca', 'camile@example.ca'))).toEqual([
      'confirmEmail:emailMismatch',
    ]);
    expect(codes(parse('camille@', 'camille@'))).toEqual(['email:emailFormat']);
    expect(codes(parse('', ''))).toEqual(['email:required', 'confirmEmail:required']);
    expect(codes(parse('camille@example.ca', undefined))).toEqual(['confirmEmail:required']);
  });
});

describe('names', () => {
  it.each(['Jean-François', "O'Brien", 'Nguyễn', 'St. Pierre', 'Zoë Ann', 'D’Amours'])(
    'accepts %s',
    (name) => {
      expect(personNameSchema.parse(` ${name} `)).toBe(name);
    },
  );

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['R2-D2', 'nameCharacters:2'],
    ['-Marc', 'nameStart'],
    ['<script>', 'nameCharacters:< >'],
    ['a'.repeat(101), 'nameTooLong'],
  ])('refuses %j as %s', (name, code) => {
    expect(issuesOf(personNameSchema.safeParse(name))).toEqual([code]);
  });
});

describe('person messages', () => {
  it('are in English and in French', () => {
    expect(messagesEn.tooYoung).toBe('You must be at least 18 to open an account.');
    expect(messagesFr.tooYoung).toBe('Vous devez avoir au moins 18 ans pour ouvrir un compte.');
    expect(messagesEn.emailMismatch).toBe('Emails do not match.');
    expect(messagesFr.emailMismatch).toBe('Les adresses courriel ne correspondent pas.');
    expect(messagesFr.emailFormat).toBeTruthy();
  });
});

describe('the dealer date', () => {
  it('is the date in Toronto, not in Greenwich', () => {
    expect(dealerDate(new Date('2026-11-23T00:20:00Z'))).toBe('2026-11-22');
    expect(dealerDate(new Date('2026-11-23T05:20:00Z'))).toBe('2026-11-23');
    expect(dealerDate(new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30');
  });
});

describe('a date typed in three boxes says which part to fix', () => {
  const schema = birthDateSchema('2026-05-01', 18);
  const messageOf = (text: string) => schema.safeParse(text).error?.issues[0]?.message;

  it('names the month, the year, the day, or a date that does not exist', () => {
    // "Mar" typed in Month leaves it empty: the boxes join as month 00.
    expect(messageOf('1985-00-27')).toBe('dateMonth');
    expect(messageOf('0085-03-27')).toBe('dateYear');
    expect(messageOf('1985-03-32')).toBe('dateDay');
    expect(messageOf('1985-02-30')).toBe('dateNotReal');
    expect(datePartsProblem('1984-02-29')).toBeUndefined();
    expect(messageOf('2030-01-01')).toBe('invalid');
  });

  it('has words for each in both languages', () => {
    for (const key of ['dateDay', 'dateMonth', 'dateYear', 'dateNotReal'] as const) {
      expect(messagesEn[key]).toMatch(/\.$/);
      expect(messagesFr[key]).not.toBe(messagesEn[key]);
    }
    expect(messagesFr.dateNotReal).toBe("Cette date n'existe pas. Vérifiez le jour et le mois.");
  });
});
