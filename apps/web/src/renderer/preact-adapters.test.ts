import { createRef, h, options, render } from 'preact';
import { describe, expect, it, vi } from 'vitest';
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

describe('autoFocus under Preact', () => {
  it('focuses an element rendered with autoFocus as it appears, once, keeping its own ref', () => {
    const root = document.createElement('div');
    document.body.append(root);
    const ref = createRef<HTMLButtonElement>();
    const show = (label: string) =>
      render(h('div', null, h('input', null), h('button', { autoFocus: true, ref }, label)), root);
    show('Keep it');
    expect(document.activeElement).toBe(ref.current);
    expect(ref.current?.textContent).toBe('Keep it');
    // A later render of the same element does not take the focus back.
    root.querySelector('input')?.focus();
    show('Keep it, still');
    expect(document.activeElement).toBe(root.querySelector('input'));
    render(null, root);
    expect(ref.current).toBeNull();
    root.remove();
  });

  it('calls a callback ref as React would', () => {
    const root = document.createElement('div');
    document.body.append(root);
    const seen = vi.fn();
    render(h('input', { autoFocus: true, ref: seen }), root);
    expect(seen).toHaveBeenCalledWith(root.querySelector('input'));
    expect(document.activeElement).toBe(root.querySelector('input'));
    render(null, root);
    root.remove();
  });
});
