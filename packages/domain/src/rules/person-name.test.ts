import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitMessageCode, withArgument } from '../messages/message-code.ts';
import { messageFor } from '../messages/messages.ts';
import { registrationSchema } from './account.ts';
import {
  isAcceptedName,
  NAME_MAX_LENGTH,
  NAME_SUFFIXES,
  personNameSchema,
  refusedNameCharacters,
} from './person-name.ts';

const codeOf = (name: unknown) => personNameSchema.safeParse(name).error?.issues[0]?.message;

describe('the name rule', () => {
  it.each([
    'Jean-François',
    "O'Brien",
    'O’Brien',
    'Nguyễn',
    'St. Pierre',
    'Zoë Ann',
    'D’Amours',
    'Tremblay, Jr.',
    'Smith, Sr.',
    'Dupont, III',
    'Gagnon, fils',
    "'t Hooft",
    'Ōtsuka',
    '王秀英',
    'Алексей',
    'محمد',
  ])('accepts %s', (name) => {
    expect(personNameSchema.parse(` ${name} `)).toBe(name);
  });

  it('keeps a name composed, with one space between its words', () => {
    expect(personNameSchema.parse('E\u0301mile\u00a0 \tRoy')).toBe('Émile Roy');
  });

  it.each([
    ['Anne (Annie)', ['(', ')']],
    ['R2-D2', ['2']],
    ['Zoë 😀', ['😀']],
    ['👨‍👩‍👧 Bob', ['👨‍👩‍👧']],
    ['Smith, John', [',']],
    ['Tremblay, Jr., III', [',']],
    ['Camille@Roy #1', ['@', '#', '1']],
    ['A\u200bB', ['U+200B']],
  ])('names what it refuses in %j', (name, characters) => {
    expect(refusedNameCharacters(name)).toEqual(characters);
    expect(codeOf(name)).toBe(withArgument('nameCharacters', characters.join(' ')));
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    [undefined, 'required'],
    [42, 'invalid'],
    ['-Marc', 'nameStart'],
    ['...', 'nameStart'],
    ['a'.repeat(NAME_MAX_LENGTH + 1), 'nameTooLong'],
  ])('refuses %j as %s', (name, code) => {
    expect(codeOf(name)).toBe(code);
  });

  it('takes every suffix of the list after a comma, in any case', () => {
    for (const suffix of NAME_SUFFIXES) {
      expect(isAcceptedName(`Tremblay, ${suffix}`)).toBe(true);
      expect(isAcceptedName(`Tremblay, ${suffix.toUpperCase()}`)).toBe(true);
    }
    expect(isAcceptedName('Tremblay, Esq.')).toBe(false);
  });

  it('is the rule of registration too', () => {
    const registration = registrationSchema.safeParse({
      email: 'anne@example.ca',
      password: 'a long enough passphrase',
      firstName: 'Anne (Annie)',
      lastName: 'Tremblay, Jr.',
    });
    expect(registration.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['firstName', 'nameCharacters:( )'],
    ]);
  });
});

describe('the name rule, on any input', () => {
  const letter = fc.constantFrom(
    ...'abcdefghijklmnopqrstuvwxyzÀÉÈÊËÎÏÔÖÙÛÜÇàéèêëîïôöùûüçñßøåæœ王李Ωλжд',
  );
  const inside = fc.constantFrom(' ', '-', "'", '’', '.');
  /** Names made of what the rule allows: a letter first, then letters and their punctuation. */
  const allowedName = fc
    .tuple(letter, fc.array(fc.oneof(letter, letter, inside), { maxLength: 40 }))
    .map(([first, rest]) => `${first}${rest.join('')}`);
  const refused = fc.constantFrom(
    '(',
    ')',
    '0',
    '7',
    '😀',
    '🇨🇦',
    '@',
    '#',
    '/',
    '<',
    '&',
    '$',
    '_',
    ';',
    '!',
  );

  it('accepts every name made of letters, spaces, hyphens, apostrophes and periods', () => {
    fc.assert(fc.property(allowedName, (name) => isAcceptedName(name)));
  });

  it('refuses a name with any refused character, and the message names it', () => {
    fc.assert(
      fc.property(allowedName, refused, fc.nat(), (name, character, at) => {
        const position = at % (name.length + 1);
        const spoiled = `${name.slice(0, position)}${character}${name.slice(position)}`;
        const code = codeOf(spoiled) ?? '';
        const { key, argument } = splitMessageCode(code);
        return (
          key === 'nameCharacters' &&
          (argument ?? '').split(' ').includes(character) &&
          messageFor(code, 'en').includes(character) &&
          messageFor(code, 'fr').includes(character)
        );
      }),
    );
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        personNameSchema.safeParse(text);
        return true;
      }),
    );
  });
});

describe('name messages', () => {
  it('say which characters are not allowed, in English and in French', () => {
    expect(messageFor('nameCharacters:( )', 'en')).toBe(
      'Not allowed in a name: ( ). A name may contain letters, spaces, hyphens, apostrophes and periods, and a comma before a suffix such as Jr.',
    );
    expect(messageFor('nameCharacters:( )', 'fr')).toBe(
      'Caractères non permis dans un nom\u00a0: ( ). Un nom peut contenir des lettres, des espaces, des traits d’union, des apostrophes et des points, ainsi qu’une virgule devant un suffixe comme Jr.',
    );
    expect(messageFor('nameStart', 'fr')).toBe('Un nom doit commencer par une lettre.');
  });

  it('read an argument that holds a colon whole', () => {
    expect(splitMessageCode('nameCharacters:: ;')).toEqual({
      key: 'nameCharacters',
      argument: ': ;',
    });
    expect(messageFor('nameCharacters:: ;', 'en')).toMatch(/^Not allowed in a name: : ;\./);
  });

  it('fall back to "Invalid." for an unknown key, with or without an argument', () => {
    expect(messageFor('noSuchKey:x', 'en')).toBe('Invalid.');
    expect(messageFor('noSuchKey', 'fr')).toBe('Non valide.');
  });
});
