import { describe, expect, it } from 'vitest';
import { codeSchema } from '../enums/code-schema.ts';
import { titles } from '../enums/titles.ts';
import { isEmpty } from './empty.ts';
import { percentageSchema } from './beneficiaries.ts';

describe('isEmpty (spec line 145)', () => {
  it.each([undefined, null, '', '   ', '\t\n', {}, []])('counts %j as empty', (value) => {
    expect(isEmpty(value)).toBe(true);
  });

  it.each([0, -1, Number.NaN, false, true, 'a', ' 0 ', { a: undefined }, [0]])(
    'never counts %j as empty',
    (value) => {
      expect(isEmpty(value)).toBe(false);
    },
  );
});

describe('every form says "required" for the same empty answers', () => {
  const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it.each(['  ', {}])('a code answered %j is required, not invalid', (value) => {
    expect(messageOf(codeSchema(titles).safeParse(value))).toBe('required');
  });

  it('a percentage answered {} is required', () => {
    expect(messageOf(percentageSchema.safeParse({}))).toBe('required');
  });
});
