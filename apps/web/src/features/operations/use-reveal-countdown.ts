import { useEffect, useState } from 'react';

/**
 * A revealed value on screen for its seconds (`left`), counted down once a second, then gone:
 * the case's numbers and a photo ID's document number alike.
 */
export function useRevealCountdown<T extends { left: number }>() {
  const [shown, setShown] = useState<T | null>(null);
  const counting = shown !== null;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => {
      setShown((now) => (now && now.left > 1 ? { ...now, left: now.left - 1 } : null));
    }, 1000);
    return () => clearInterval(timer);
  }, [counting]);
  return [shown, setShown] as const;
}
