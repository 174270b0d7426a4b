import { useEffect } from 'react';
import { onDemand } from '../lib/on-demand.ts';
import { PartOnChoice } from './part-on-choice.tsx';
import type { ConfirmDialogProps } from './confirm-dialog-view.tsx';

export type { ConfirmDialogProps };

// React Aria's dialog is about 23 KB: not part of any screen's main content, it downloads once
// the screen has shown, and is there by the time anyone asks a question of it.
const view = onDemand(() => import('./confirm-dialog-view.tsx'));

/** Downloads the dialog's code now (tests, before they open one). */
export const preloadConfirmDialog = view.load;

/**
 * A modal question with two answers (`confirm-dialog-view.tsx`). Focus is trapped inside and
 * returns where it was; Escape and a click outside mean "cancel", the answer that loses nothing.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  useEffect(() => view.prefetch(), []);
  if (!props.isOpen) return null;
  // Opened before its code is here (a slow line): a short status, or a way to try again.
  return (
    <PartOnChoice part={view}>
      {({ ConfirmDialogView }) => <ConfirmDialogView {...props} />}
    </PartOnChoice>
  );
}
