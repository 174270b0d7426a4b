import { z } from 'zod';
import type { CodeMap, CodeOf } from './define-enum.ts';
import { isEmpty } from '../rules/empty.ts';

/**
 * A zod schema accepting exactly the codes of an enumeration: a missing answer is `required`,
 * anything else that is not a code is `invalid`. Apart from define-enum.ts so the screens that
 * only show labels do not download zod.
 */
export function codeSchema<E extends CodeMap>(codes: E): z.ZodType<CodeOf<E>> {
  const values: unknown[] = Object.values(codes);
  return z.custom<CodeOf<E>>().superRefine((value, context) => {
    if (isEmpty(value)) {
      context.addIssue({ code: 'custom', message: 'required' });
    } else if (!values.includes(value)) {
      context.addIssue({ code: 'custom', message: 'invalid' });
    }
  });
}
