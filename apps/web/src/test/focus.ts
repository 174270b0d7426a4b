import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Awaits what a keyboard or screen-reader user meets: the element shows, then takes the focus
 * once its screen has rendered (an effect after the paint). Asserting the focus the moment it
 * shows fails on a busy machine.
 */
export async function expectFocusMovesTo(
  element: Promise<HTMLElement> | HTMLElement | null,
): Promise<void> {
  const shown = await element;
  expect(shown).not.toBeNull();
  await waitFor(() => expect(shown).toHaveFocus());
}
