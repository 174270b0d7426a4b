import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';

/**
 * A catalogue as translators write it (`src/locales/<language>/<namespace>.json`): nested keys,
 * `{{name}}` placeholders, plural forms as sibling keys `<key>_one`, `<key>_other` (chosen by
 * `count`), lists as arrays.
 */
export type CatalogueSource = {
  readonly [key: string]: string | readonly string[] | CatalogueSource;
};

/** The same catalogue ready for Lingui's runtime: each message compiled, under its dotted key. */
export type CompiledCatalogue = Record<string, CompiledMessage>;

const PLURAL_FORM = /^(.+)_(zero|one|two|few|many|other)$/;

/**
 * Text as ICU MessageFormat reads it literally: an apostrophe doubled (ICU quotes with it, and
 * French is full of them), braces quoted, and `#` quoted inside a plural branch, where it would
 * stand for the number. Then `{{name}}` becomes the placeholder `{name}`.
 */
export function toIcuMessage(text: string, inPlural = false): string {
  return text
    .split(/(\{\{\s*\w+\s*\}\})/)
    .map((part, index) => {
      if (index % 2 === 1) return `{${part.slice(2, -2).trim()}}`;
      const quoted = part.replaceAll("'", "''").replace(/[{}]/g, "'$&'");
      return inPlural ? quoted.replaceAll('#', "'#'") : quoted;
    })
    .join('');
}

function flatten(source: CatalogueSource, prefix: string, into: Map<string, string>): void {
  for (const [key, value] of Object.entries(source)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(path, value);
    else if (Array.isArray(value))
      value.forEach((item, index) => into.set(`${path}.${index}`, item));
    else flatten(value as CatalogueSource, path, into);
  }
}

/**
 * Compiles a catalogue: every message through Lingui's compiler (so the runtime carries no
 * parser), the plural forms of a key gathered into one ICU plural message on `count`, under the
 * key without its suffix. A message the compiler refuses fails the build, naming its key.
 */
export function compileCatalogue(source: CatalogueSource): CompiledCatalogue {
  const flat = new Map<string, string>();
  flatten(source, '', flat);
  const plurals = new Map<string, [form: string, text: string][]>();
  const messages = new Map<string, string>();
  for (const [key, text] of flat) {
    const match = PLURAL_FORM.exec(key);
    if (match?.[1] && flat.has(`${match[1]}_other`)) {
      const forms = plurals.get(match[1]) ?? [];
      forms.push([match[2] === 'zero' ? '=0' : (match[2] ?? 'other'), text]);
      plurals.set(match[1], forms);
    } else {
      messages.set(key, toIcuMessage(text));
    }
  }
  for (const [key, forms] of plurals) {
    const branches = forms.map(([form, text]) => `${form} {${toIcuMessage(text, true)}}`);
    messages.set(key, `{count, plural, ${branches.join(' ')}}`);
  }
  const compiled: CompiledCatalogue = {};
  for (const [key, message] of messages) {
    try {
      compiled[key] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`catalogue key ${key}: ${(error as Error).message}`, { cause: error });
    }
  }
  return compiled;
}
