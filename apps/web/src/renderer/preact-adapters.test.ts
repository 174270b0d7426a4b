import { options } from 'preact';
import { describe, expect, it } from 'vitest';
import { makeEventsCopyable } from './preact-adapters.ts';

describe('makeEventsCopyable', () => {
  it('lets a spread copy of a browser event keep its key, modifiers and target', () => {
    const input = document.createElement('input');
    document.body.append(input);
    let copy: Record<string, unknown> = {};
    input.addEventListener('keydown', (event) => {
      copy = { ...makeEventsCopyable(event) };
    });
    input.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'ArrowDown', shiftKey: true, bubbles: true }),
    );
    expect(copy).toMatchObject({
      type: 'keydown',
      key: 'ArrowDown',
      shiftKey: true,
      target: input,
    });
    input.remove();
  });

  it('reads `currentTarget` when copied, as the event bubbles', () => {
    const outer = document.createElement('div');
    const inner = document.createElement('button');
    outer.append(inner);
    document.body.append(outer);
    const seen: unknown[] = [];
    const record = (event: Event) => seen.push({ ...makeEventsCopyable(event) }.currentTarget);
    inner.addEventListener('click', record);
    outer.addEventListener('click', record);
    inner.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(seen).toEqual([inner, outer]);
    outer.remove();
  });

  it('is the hook Preact hands every event to, and runs effects before the next frame', async () => {
    const event = new KeyboardEvent('keydown', { key: 'Enter' });
    expect({ ...(options.event?.(event) as KeyboardEvent) }).toMatchObject({ key: 'Enter' });
    let ran = false;
    options.requestAnimationFrame?.(() => (ran = true));
    await Promise.resolve();
    expect(ran).toBe(true);
  });
});
