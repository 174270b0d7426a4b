import { useEffect, useRef, type RefObject } from 'react';

/**
 * A ref whose element takes the focus when the component mounts: a dialog's safe answer, for
 * one. React Aria's `autoFocus` focuses "safely", which after a keyboard-activated native button
 * (a click with no pointer) waits for the next frame and gives up if the focus moved meanwhile;
 * its dialog, which focuses itself when nothing inside has the focus, could take it first. This
 * focuses at once, from the innermost component, before the dialog looks.
 */
export function useFocusOnMount<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
