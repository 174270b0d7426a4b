import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messagesEn, messagesFr } from '../messages/messages.ts';
import { postalCodePrefixes, provinces, type ProvinceCode } from '../enums/provinces.ts';
import {
  addressProblems,
  addressSchema,
  isPoBoxAddress,
  isPoBoxText,
  normalizePostalCode,
  type AddressInput,
} from './address.ts';

const home = addressSchema({ required: true, home: true });
const mailing = addressSchema({ required: false, home: false });

const montreal: AddressInput = {
  streetNumber: '1250',
  streetName: 'rue Sainte-Catherine Ouest',
  city: 'Montréal',
  provinceId: provinces.QC,
  postalCode: 'H3G 1P1',
  countryId: 1,
};

const codes = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

/** Random upper/lower case, letter by letter. */
const anyCase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((uppers) =>
      [...text]
        .map((char, index) => (uppers[index] ? char.toUpperCase() : char.toLowerCase()))
        .join(''),
    );

// Postal codes

const provinceCodes = Object.keys(provinces) as ProvinceCode[];
const usedLetters = [...'ABCEGHJKLMNPRSTVWXYZ'];
const neverUsed = [...'DFIOQU'];

/**
 * Canada Post's first letters of each province's and territory's postal codes, written out
 * here rather than read from postalCodePrefixes, so a wrong letter there fails a test.
 * Nunavut and the Northwest Territories share X.
 */
const canadaPostFirstLetters: Record<ProvinceCode, readonly string[]> = {
  NL: ['A'],
  NS: ['B'],
  PE: ['C'],
  NB: ['E'],
  QC: ['G', 'H', 'J'],
  ON: ['K', 'L', 'M', 'N', 'P'],
  MB: ['R'],
  SK: ['S'],
  AB: ['T'],
  BC: ['V'],
  NU: ['X'],
  NT: ['X'],
  YT: ['Y'],
};
/** Every letter a Canadian postal code may start with (not D F I O Q U, nor W or Z). */
const firstLetters = [...'ABCEGHJKLMNPRSTVXY'];

const postalCodeIn = (province: ProvinceCode) =>
  fc
    .tuple(
      fc.constantFrom(...postalCodePrefixes[province]),
      fc.integer({ min: 0, max: 9 }),
      fc.constantFrom(...usedLetters),
      fc.integer({ min: 0, max: 9 }),
      fc.constantFrom(...usedLetters),
      fc.integer({ min: 0, max: 9 }),
    )
    .map((parts) => parts.join(''));

/** How people type a postal code: any case, with a space, a dash or nothing in the middle. */
const typed = (code: string) =>
  fc
    .tuple(anyCase(code), fc.constantFrom(' ', '', '-', '  '), fc.constantFrom('', ' '))
    .map(
      ([text, middle, around]) => `${around}${text.slice(0, 3)}${middle}${text.slice(3)}${around}`,
    );

describe('Canadian postal codes', () => {
  it('pass in their own province, however they are typed, and come out as A1A 1A1', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...provinceCodes)
          .chain((province) =>
            postalCodeIn(province).chain((code) =>
              typed(code).map((text) => ({ province, code, text })),
            ),
          ),
        ({ province, code, text }) => {
          const result = home.safeParse({
            ...montreal,
            provinceId: provinces[province],
            postalCode: text,
          });
          expect(codes(result)).toEqual([]);
          expect(result.data?.postalCode).toBe(`${code.slice(0, 3)} ${code.slice(3)}`);
        },
      ),
    );
  });

  it.each(Object.entries(canadaPostFirstLetters))(
    "in %s start with %j; another province's first letter is postalCodeProvince",
    (province, letters) => {
      const provinceId = provinces[province as ProvinceCode];
      for (const letter of firstLetters) {
        const postalCode = `${letter}0A 1B2`;
        const result = home.safeParse({ ...montreal, provinceId, postalCode });
        if (letters.includes(letter)) {
          expect(codes(result), postalCode).toEqual([]);
          expect(result.data?.postalCode).toBe(postalCode);
        } else {
          expect(codes(result), postalCode).toEqual(['postalCode:postalCodeProvince']);
        }
      }
    },
  );

  it('are pinned for all 13 provinces and territories, each first letter to one or more', () => {
    expect(Object.keys(canadaPostFirstLetters).sort()).toEqual(Object.keys(provinces).sort());
    expect([...new Set(Object.values(canadaPostFirstLetters).flat())].sort()).toEqual(firstLetters);
  });

  it('are postalCodeProvince with another province', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...provinceCodes)
          .chain((province) =>
            fc.tuple(
              postalCodeIn(province),
              fc.constantFrom(
                ...provinceCodes.filter(
                  (other) =>
                    !(postalCodePrefixes[other] as readonly string[]).some((letter) =>
                      (postalCodePrefixes[province] as readonly string[]).includes(letter),
                    ),
                ),
              ),
            ),
          ),
        ([code, other]) => {
          const result = home.safeParse({
            ...montreal,
            provinceId: provinces[other],
            postalCode: code,
          });
          expect(codes(result)).toEqual(['postalCode:postalCodeProvince']);
        },
      ),
    );
  });

  it('are invalid with a letter never used, or W or Z first', () => {
    fc.assert(
      fc.property(
        postalCodeIn('QC'),
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom(...neverUsed),
        (code, slot, letter) => {
          const position = [0, 2, 4][slot] ?? 0;
          const bad = `${code.slice(0, position)}${letter}${code.slice(position + 1)}`;
          expect(codes(home.safeParse({ ...montreal, postalCode: bad }))).toEqual([
            'postalCode:invalid',
          ]);
        },
      ),
    );
    for (const bad of ['W1A 1A1', 'Z1A 1A1', 'H3G1P', 'H3G 1P1 1', '123456', 'HHG 1P1']) {
      expect(codes(home.safeParse({ ...montreal, postalCode: bad }))).toEqual([
        'postalCode:invalid',
      ]);
    }
  });

  it('share X between the Northwest Territories and Nunavut', () => {
    for (const province of [provinces.NT, provinces.NU]) {
      expect(
        home.safeParse({ ...montreal, provinceId: province, postalCode: 'x0a0h0' }).data,
      ).toMatchObject({ postalCode: 'X0A 0H0' });
    }
  });

  it('are normalized', () => {
    expect(normalizePostalCode(' h3g-1p1 ')).toBe('H3G 1P1');
    expect(normalizePostalCode('12345 6789', 2)).toBe('12345-6789');
    expect(normalizePostalCode('123456789', 2)).toBe('12345-6789');
    expect(normalizePostalCode(' sw1a  1aa ', 6666)).toBe('SW1A 1AA');
  });
});

describe('other countries', () => {
  const boston = {
    streetNumber: '1',
    streetName: 'Beacon St',
    city: 'Boston',
    provinceId: 22,
    countryId: 2,
  };

  it('take ZIP codes of 5 or 9 digits in the USA, with any state id', () => {
    expect(home.parse({ ...boston, postalCode: '02108' }).postalCode).toBe('02108');
    expect(home.parse({ ...boston, postalCode: '02108 1234' }).postalCode).toBe('02108-1234');
    for (const bad of ['2108', '021081', 'H3G 1P1', '02108-12']) {
      expect(codes(home.safeParse({ ...boston, postalCode: bad }))).toEqual(['postalCode:invalid']);
    }
    expect(codes(home.safeParse({ ...boston, postalCode: '02108', provinceId: 0 }))).toEqual([
      'provinceId:invalid',
    ]);
  });

  it('take any reference province and postal code elsewhere', () => {
    const london = {
      ...boston,
      city: 'London',
      provinceId: 901,
      postalCode: 'sw1a 1aa',
      countryId: 44,
    };
    expect(home.parse(london)).toMatchObject({ postalCode: 'SW1A 1AA', countryId: 44 });
    expect(codes(home.safeParse({ ...london, postalCode: '<>' }))).toEqual(['postalCode:invalid']);
  });

  it('allow only Canadian provinces in Canada', () => {
    expect(codes(home.safeParse({ ...montreal, provinceId: 10 }))).toEqual(['provinceId:invalid']);
    expect(codes(home.safeParse({ ...montreal, provinceId: '11' as unknown as number }))).toEqual([
      'provinceId:invalid',
    ]);
  });
});

// PO boxes, rural routes, general delivery

const postalServiceForms = [
  ['PO', 'Box', '123'],
  ['P.O.', 'Box', '45'],
  ['P. O.', 'Box', '45'],
  ['POBox', '7'],
  ['Post', 'Office', 'Box', '9'],
  ['Box', '1234'],
  ['RR', '2'],
  ['R.R.', '#3'],
  ['RR#4'],
  ['Rural', 'Route', '5'],
  ['Site', '5', 'Comp', '10', 'RR', '8'],
  ['General', 'Delivery'],
  ['GD'],
  ['Poste', 'restante'],
  ['Case', 'postale', '456'],
  ['C.P.', '78'],
  ['CP', '78'],
  ['CP', '78', 'Succ.', 'Centre-Ville'],
  ['Succursale', 'Place', 'Desjardins'],
  ['Boîte', 'postale', '12'],
  ['Route', 'rurale', '1'],
  ['PO Box 5', 'Stn', 'Main'],
] as const;

/** A form typed in any case, with any run of spaces between its words. */
const postalServiceText = fc.constantFrom(...postalServiceForms).chain((words) =>
  fc.tuple(...words.map((word) => anyCase(word))).chain((cased) =>
    fc
      .array(fc.constantFrom(' ', '  ', ' \t'), {
        minLength: cased.length,
        maxLength: cased.length,
      })
      .map((spaces) =>
        cased
          .map((word, index) => `${word}${spaces[index] ?? ''}`)
          .join('')
          .trim(),
      ),
  ),
);

describe('postal-service addresses', () => {
  it('are refused for the home address and accepted for mailing, in every spelling', () => {
    fc.assert(
      fc.property(postalServiceText, fc.constantFrom('suite', 'streetName'), (text, field) => {
        const address = { ...montreal, streetNumber: '', [field]: text };
        expect(isPoBoxAddress(address)).toBe(true);
        expect(codes(home.safeParse(address))).toEqual([`${field}:poBoxNotAllowed`]);
        expect(codes(mailing.safeParse(address))).toEqual([]);
      }),
    );
  });

  it('are found when their words are split between fields', () => {
    const split = { ...montreal, suite: 'RR', streetNumber: '2', streetName: '' };
    expect(isPoBoxAddress(split)).toBe(true);
    expect(codes(home.safeParse({ ...split, streetName: 'Chemin du Lac' }))).toEqual([
      'streetName:poBoxNotAllowed',
    ]);
  });

  it.each([
    '123 Station Street',
    '1 Boxwood Crescent',
    'rue Saint-Jean',
    'Route 132',
    'Gdansk Avenue',
    'Chemin du Rang 4',
    'boulevard de la Succession',
    'Copper Ridge Road',
    'Mrs. Smith Lane',
    'Grand Boulevard',
  ])('does not mistake %s for one', (street) => {
    expect(isPoBoxText(street)).toBe(false);
    expect(home.safeParse({ ...montreal, streetName: street }).success).toBe(true);
  });
});

// Completeness

const parts = ['streetName', 'city', 'provinceId', 'postalCode'] as const;

describe('incomplete addresses', () => {
  it('are incompleteAddress on the first part missing, for any non-empty strict subset', () => {
    fc.assert(
      fc.property(
        fc.subarray([...parts], { minLength: 1, maxLength: parts.length - 1 }),
        fc.boolean(),
        fc.boolean(),
        (filled, withNumber, required) => {
          const address: AddressInput = { countryId: 1 };
          for (const part of filled) Object.assign(address, { [part]: montreal[part] });
          if (withNumber) address.streetNumber = montreal.streetNumber;
          const firstMissing = (['streetNumber', ...parts] as const).find(
            (part) => address[part] === undefined,
          );
          const schema = addressSchema({ required, home: true });
          expect(codes(schema.safeParse(address))).toEqual([`${firstMissing}:incompleteAddress`]);
        },
      ),
    );
  });

  it('needs the street number unless it is a postal-service address', () => {
    expect(codes(home.safeParse({ ...montreal, streetNumber: ' ' }))).toEqual([
      'streetNumber:incompleteAddress',
    ]);
    expect(mailing.parse({ ...montreal, streetNumber: '', streetName: 'CP 45' })).toMatchObject({
      streetNumber: '',
      streetName: 'CP 45',
    });
  });

  it('are required in every part when the address is required and blank', () => {
    expect(codes(home.safeParse({}))).toEqual([
      'streetNumber:required',
      'streetName:required',
      'city:required',
      'provinceId:required',
      'postalCode:required',
      'countryId:required',
    ]);
    expect(codes(home.safeParse(undefined))).toHaveLength(6);
    expect(codes(home.safeParse({ countryId: 1, city: '  ' }))).not.toContain('countryId:required');
  });

  it('are nothing when optional and blank (the country alone does not count)', () => {
    expect(mailing.parse({})).toBeUndefined();
    expect(mailing.parse(undefined)).toBeUndefined();
    expect(mailing.parse({ countryId: 1, streetName: ' ', provinceId: null })).toBeUndefined();
  });

  it('need their country once filled', () => {
    expect(codes(mailing.safeParse({ ...montreal, countryId: undefined }))).toEqual([
      'countryId:required',
    ]);
    expect(codes(mailing.safeParse({ ...montreal, countryId: 1.5 }))).toEqual([
      'countryId:invalid',
    ]);
  });
});

describe('addresses as stored', () => {
  it('are trimmed, with the suite only when given', () => {
    expect(home.parse({ ...montreal, suite: ' 1203 ', city: ' Montréal ' })).toEqual({
      suite: '1203',
      streetNumber: '1250',
      streetName: 'rue Sainte-Catherine Ouest',
      city: 'Montréal',
      provinceId: 11,
      postalCode: 'H3G 1P1',
      countryId: 1,
    });
    expect(home.parse({ ...montreal, suite: '' })).not.toHaveProperty('suite');
  });

  it('refuse parts that are too long', () => {
    expect(codes(home.safeParse({ ...montreal, streetName: 'a'.repeat(101) }))).toEqual([
      'streetName:invalid',
    ]);
  });

  it('answer the same problems through addressProblems', () => {
    expect(
      addressProblems({ ...montreal, postalCode: 'K1A 0B1' }, { required: true, home: true }),
    ).toEqual([{ path: 'postalCode', code: 'postalCodeProvince' }]);
  });
});

describe('address messages', () => {
  it('are in English and in French', () => {
    expect(messagesEn.incompleteAddress).toBe('Incomplete address');
    expect(messagesFr.incompleteAddress).toBe('Adresse incomplète');
    expect(messagesEn.poBoxNotAllowed).toBe(
      'PO Box, rural route and general delivery addresses are not accepted. Enter where you live.',
    );
    expect(messagesFr.poBoxNotAllowed).toContain('case postale');
    expect(messagesEn.postalCodeProvince).toBe('This postal code is not in the province chosen.');
    expect(messagesFr.postalCodeProvince).toBe(
      'Ce code postal ne se trouve pas dans la province choisie.',
    );
  });
});
