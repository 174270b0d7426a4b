import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The heading of one identity screen. When the screen replaces another (`focusOnShow`), focus
 * moves to it, so keyboard and screen-reader users start reading where the new screen starts.
 */
export function ScreenHeading({
  children,
  focusOnShow,
}: {
  children: ReactNode;
  focusOnShow: boolean;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) ref.current?.focus();
  }, [focusOnShow]);
  return (
    <h2 ref={ref} tabIndex={-1}>
      {children}
    </h2>
  );
}
