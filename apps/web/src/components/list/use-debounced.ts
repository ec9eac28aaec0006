import { useEffect, useState } from 'react';

/** Typing settles for this long before it becomes a request (one per pause, not per key). */
export const TYPING_DEBOUNCE_MS = 300;

/** `value` once it has stayed the same for `delay` ms. */
export function useDebounced<T>(value: T, delay = TYPING_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
