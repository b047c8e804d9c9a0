// A value that follows another once it has stopped changing for a moment: a search typed into a
// field is sent when the typing pauses, not on every key.
import { useEffect, useState } from 'react';

export function useDebounced<T>(value: T, ms = 250): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
