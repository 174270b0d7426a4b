import { useEffect, useRef } from 'react';
import { Button, type ButtonProps } from 'react-aria-components';

/**
 * A React Aria button that takes the focus as it appears: a dialog's first answer ("Keep it",
 * "Stay signed in"). React Aria's own `autoFocus` focuses "safely", which after a
 * keyboard-activated native button (a click with no pointer) waits for the next frame and gives
 * up if the focus moved meanwhile; its dialog, which focuses itself when nothing inside has the
 * focus, could take it first. This focuses at once, from the innermost component, before the
 * dialog looks.
 */
export function InitialFocusButton(props: Omit<ButtonProps, 'autoFocus'>) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return <Button {...props} ref={ref} />;
}
