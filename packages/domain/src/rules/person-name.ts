import { z } from 'zod';
import { withArgument } from '../messages/message-code.ts';

/** The longest first or last name kept (the `users` columns and the profile's answers). */
export const NAME_MAX_LENGTH = 100;

/**
 * The suffixes a name may end with after a comma ("Tremblay, Jr.", "Dupont, III"): the only
 * place a comma belongs in a name. Matched without regard to case; Jr and Sr with or without
 * their period. Quebec's "fils" and "père" are written the same way.
 */
export const NAME_SUFFIXES = [
  'Jr.',
  'Jr',
  'Sr.',
  'Sr',
  'II',
  'III',
  'IV',
  'V',
  'VI',
  'fils',
  'père',
] as const;

/** Besides letters: spaces, hyphens (ASCII and U+2010), straight and curly apostrophes, periods. */
const NAME_PUNCTUATION = new Set([' ', '-', '\u2010', "'", '\u2019', '.']);

/** A letter of any script with the accents (combining marks) written on it. */
const LETTER = /^\p{L}\p{M}*$/u;

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SUFFIX_AFTER_COMMA = new RegExp(
  `^(.*?)\\s*,\\s*(?:${NAME_SUFFIXES.map(escapeForPattern).join('|')})$`,
  'iu',
);

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * A name as kept: composed (NFC, so "é" typed as e + accent is the one letter the PDF font
 * prints), trimmed, runs of spaces (tabs, no-break spaces) made one space.
 */
export function normalizeName(name: string): string {
  return name.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/** How a refused character is named in the message: as typed, or its code when it is invisible. */
function shown(grapheme: string): string {
  if (/[\p{L}\p{N}\p{P}\p{S}]/u.test(grapheme)) return grapheme;
  return [...grapheme]
    .map((point) => `U+${point.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`)
    .join(' ');
}

/**
 * The characters of a name the rule refuses, each once, in the order they first appear: digits,
 * parentheses, emoji (a whole emoji sequence counts as one), other symbols, and a comma that is
 * not followed by a suffix of NAME_SUFFIXES.
 */
export function refusedNameCharacters(name: string): string[] {
  const normalized = normalizeName(name);
  const body = SUFFIX_AFTER_COMMA.exec(normalized)?.[1] ?? normalized;
  const refused = new Set<string>();
  for (const { segment } of graphemes.segment(body)) {
    if (!LETTER.test(segment) && !NAME_PUNCTUATION.has(segment)) refused.add(shown(segment));
  }
  return [...refused];
}

/**
 * Why a name (already normalized) is refused, as a message code, or undefined when it is a name:
 * blank (`required`); longer than NAME_MAX_LENGTH (`nameTooLong`); holding characters a name
 * cannot have (`nameCharacters:<the characters, space-separated>`, so the message can name
 * them); not starting with a letter, an apostrophe first being allowed ("'t Hooft")
 * (`nameStart`).
 */
export function nameProblem(name: string): string | undefined {
  if (name === '') return 'required';
  if (name.length > NAME_MAX_LENGTH) return 'nameTooLong';
  const refused = refusedNameCharacters(name);
  if (refused.length > 0) return withArgument('nameCharacters', refused.join(' '));
  const first = [...graphemes.segment(name.replace(/^['\u2019]+/u, ''))][0]?.segment ?? '';
  if (!LETTER.test(first)) return 'nameStart';
  return undefined;
}

/** Whether the rule accepts a name as given (normalized first, as the schema does). */
export function isAcceptedName(name: string): boolean {
  return nameProblem(normalizeName(name)) === undefined;
}

/**
 * The one rule for a person's first or last name: at registration, in the settings, on the
 * profile (applicant, joint applicant, spouse) and before e-signing. Letters of any script with
 * their accents, spaces, hyphens, straight and curly apostrophes, periods, and a comma only
 * before a suffix; the message of a refusal names the characters to remove.
 */
export const personNameSchema = z
  .string({
    error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'invalid'),
  })
  .overwrite(normalizeName)
  .superRefine((name, context) => {
    const problem = nameProblem(name);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .prefault('');

// When two names are the same person's

/** Every apostrophe a keyboard, a phone or a word processor types: one letter to the rule. */
const APOSTROPHES = /['\u2018\u2019\u201B\u02BC\u02BB\u2032\u0060\u00B4\uFF07]/gu;
/** Every hyphen and dash people put between the parts of a name. */
const HYPHENS = /[-\u2010\u2011\u2012\u2013\u2014\u2212\uFE63\uFF0D]/gu;

/**
 * A name as the rule compares it (ADR 0012): composed, in lower case, every apostrophe the
 * straight one and every hyphen the ASCII one with no space around them, a period or a comma
 * (before a suffix, the only place one belongs) a space, runs of spaces one space. Two names
 * are the same person's when their keys are equal: "Daniel O’Connor Jr" is "daniel o'connor
 * jr", and so are "DANIEL O'CONNOR, JR." and "Daniel O'Connor Jr.". Accents count ("Zoe" is not
 * "Zoë").
 */
export function nameKey(name: string): string {
  // Composed first: a character whose canonical form is an apostrophe (U+1FEF, Greek varia, is
  // the grave accent U+0060) is one by the time the apostrophes are read.
  const spelled = name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[.,]/gu, ' ')
    .replace(APOSTROPHES, "'")
    .replace(HYPHENS, '-');
  return normalizeName(spelled).replace(/ ?([-']) ?/gu, '$1');
}

/** Whether two names are the same person's by the one rule (see nameKey); a blank is no one's. */
export function sameName(a: string, b: string): boolean {
  const key = nameKey(a);
  return key !== '' && key === nameKey(b);
}

/**
 * A name as another institution may print it, for the transfer pre-check and a bank's holder
 * name: nameKey, then without accents (statements often drop them) and with hyphens as spaces
 * ("Thompson-Reid" is "thompson reid").
 */
export function looseNameKey(name: string): string {
  const key = nameKey(name)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/-/gu, ' ')
    .replace(APOSTROPHES, "'");
  return normalizeName(key).replace(/ ?' ?/gu, "'");
}

/** Whether two names are the same person's as statements print names (see looseNameKey). */
export function sameLooseName(a: string, b: string): boolean {
  const key = looseNameKey(a);
  return key !== '' && key === looseNameKey(b);
}
