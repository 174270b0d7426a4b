import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codeSchema } from './code-schema.ts';
import { labelOf, optionsOf } from './define-enum.ts';
import { titleChoiceLabels, titleLabels, titles } from './titles.ts';

describe('titles', () => {
  it('carries the codes of spec section 3', () => {
    expect(titles).toEqual({ Mr: 1, Ms: 2, Miss: 3, Mrs: 4, Dr: 5 });
  });

  it('labels every title in English and French', () => {
    expect(labelOf(titles, titleLabels, 1, 'en')).toBe('Mr.');
    expect(labelOf(titles, titleLabels, 1, 'fr')).toBe('M.');
    expect(optionsOf(titles, titleLabels, 'fr').map((o) => o.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('never offers the same French title twice, and names both Ms. and Mrs. "Mme"', () => {
    const french = optionsOf(titles, titleChoiceLabels, 'fr').map((option) => option.label);
    expect(new Set(french).size).toBe(french.length);
    expect(french).toEqual(['M.', 'Mme', 'Mlle', 'Mme (mariée)', 'Dr']);
    expect(labelOf(titles, titleLabels, titles.Mrs, 'fr')).toBe('Mme');
    expect(optionsOf(titles, titleChoiceLabels, 'en').map((option) => option.label)).toEqual([
      'Mr.',
      'Ms.',
      'Miss',
      'Mrs.',
      'Dr.',
    ]);
  });

  it('accepts only its own codes', () => {
    const schema = codeSchema(titles);
    expect(schema.safeParse(5).success).toBe(true);
    expect(schema.safeParse(6).success).toBe(false);
    expect(schema.safeParse('1').success).toBe(false);
  });
});

describe('codeSchema', () => {
  it('calls a missing answer required and anything else outside the codes invalid', () => {
    const schema = z.object({ title: codeSchema(titles) });
    expect(schema.safeParse({}).error?.issues[0]?.message).toBe('required');
    expect(schema.safeParse({ title: 9 }).error?.issues[0]?.message).toBe('invalid');
    expect(schema.safeParse({ title: '1' }).error?.issues[0]?.message).toBe('invalid');
    expect(schema.parse({ title: 1 })).toEqual({ title: 1 });
  });
});
