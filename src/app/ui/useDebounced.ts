import { useEffect, useRef, useState } from 'react';

/**
 * A text field's draft that commits after `delay` ms of quiet (search boxes). The draft follows the
 * committed value when it changes from outside (e.g. "Clear filters").
 */
export function useDebouncedField(value: string, commit: (v: string) => void, delay = 250): [string, (v: string) => void, () => void] {
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  const lastCommitted = useRef(value);
  useEffect(() => {
    if (value !== lastCommitted.current) {
      lastCommitted.current = value;
      setDraft(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flush = (v: string) => {
    clearTimeout(timer.current);
    lastCommitted.current = v;
    commitRef.current(v);
  };
  const change = (v: string) => {
    setDraft(v);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => flush(v), delay);
  };
  return [draft, change, () => flush(draft)];
}
