import { z } from 'zod';
import type { CodeMap, CodeOf } from './define-enum.ts';

/**
 * A zod schema accepting exactly the codes of an enumeration. Apart from define-enum.ts so the
 * screens that only show labels do not download zod.
 */
export function codeSchema<E extends CodeMap>(codes: E): z.ZodType<CodeOf<E>> {
  const values = Object.values(codes);
  return z.custom<CodeOf<E>>((value) => values.includes(value as number | string), {
    message: 'invalid',
  });
}
