/** A label in both languages of the portal. French falls back to English where missing. */
export interface Bilingual {
  en: string;
  fr: string;
}

export type Language = 'en' | 'fr';

/** An enumeration as the spec writes it: names mapped to numeric (or string) codes. */
export type CodeMap = Readonly<Record<string, number | string>>;

export type CodeOf<E extends CodeMap> = E[keyof E];

/** English and French labels for every member of an enumeration, keyed by member name. */
export type Labels<E extends CodeMap> = Readonly<Record<keyof E, Bilingual>>;

export interface EnumOption<C> {
  id: C;
  name: string;
  label: string;
}

/** Picks the label in the wanted language; French falls back to English when blank. */
export function pick(label: Bilingual, lang: Language): string {
  return lang === 'fr' && label.fr.trim() !== '' ? label.fr : label.en;
}

/** The member name of a code, or undefined when the code is not a member. */
export function nameOf<E extends CodeMap>(codes: E, code: unknown): keyof E | undefined {
  return (Object.keys(codes) as (keyof E)[]).find((name) => codes[name] === code);
}

/** The label of a code in a language, or undefined when the code is unknown. */
export function labelOf<E extends CodeMap>(
  codes: E,
  labels: Labels<E>,
  code: unknown,
  lang: Language,
): string | undefined {
  const name = nameOf(codes, code);
  return name === undefined ? undefined : pick(labels[name], lang);
}

/** Options for a select or radio group, in declaration order. */
export function optionsOf<E extends CodeMap>(
  codes: E,
  labels: Labels<E>,
  lang: Language,
): EnumOption<CodeOf<E>>[] {
  return (Object.keys(codes) as (keyof E & string)[]).map((name) => ({
    id: codes[name] as CodeOf<E>,
    name,
    label: pick(labels[name], lang),
  }));
}
