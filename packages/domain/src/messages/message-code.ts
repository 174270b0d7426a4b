/**
 * A message code that carries an argument from the answer, for a message that must name it
 * ("Remove ( ): ..."): `key:argument`. Keys never hold a colon, so everything after the first
 * one is the argument (which may hold colons itself). Codes travel as plain strings everywhere
 * a code does (zod issues, the API's `fields`, the server pages), and `messageFor` reads both.
 */
export function withArgument(key: string, argument: string): string {
  return `${key}:${argument}`;
}

/** A code's key and, when it carries one, its argument. */
export function splitMessageCode(code: string): { key: string; argument?: string } {
  const colon = code.indexOf(':');
  return colon < 0 ? { key: code } : { key: code.slice(0, colon), argument: code.slice(colon + 1) };
}

/**
 * Whether a text is a message code (`required`, `nameCharacters:( )`), not a library's English
 * sentence: what the server may pass on to the client as a field's code.
 */
export function isMessageCode(text: string): boolean {
  return /^[a-z][A-Za-z]*$/.test(splitMessageCode(text).key);
}
