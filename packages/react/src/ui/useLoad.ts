import { useCallback, useEffect, useState } from 'react';

/**
 * What a load is: under way, failed, or done with its value.
 * @internal
 */
export type Loaded<T> = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'loaded'; value: T };

/**
 * Runs `load` when it changes (pass a `useCallback`), and answers its state plus a `reload` for a
 * "Try again" button. A `null` load waits (state 'loading') until there is something to load.
 * An answer that arrives after the component moved on is dropped.
 * @internal
 */
export function useLoad<T>(load: (() => Promise<T>) | null): [Loaded<T>, () => void] {
  const [result, setResult] = useState<{ for: unknown; loaded: Loaded<T> }>({
    for: null,
    loaded: { state: 'loading' },
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!load) return;
    let live = true;
    const key = { load, attempt };
    load().then(
      (value) => live && setResult({ for: key, loaded: { state: 'loaded', value } }),
      (error: unknown) => live && setResult({ for: key, loaded: { state: 'failed', error } }),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);
  const reload = useCallback(() => {
    setResult({ for: null, loaded: { state: 'loading' } });
    setAttempt((n) => n + 1);
  }, []);
  // A new load shows 'loading' until its own answer arrives, not the previous load's answer.
  const current =
    result.for &&
    (result.for as { load: unknown; attempt: number }).load === load &&
    (result.for as { attempt: number }).attempt === attempt;
  return [current ? result.loaded : { state: 'loading' }, reload];
}
