import { useLayoutEffect, useRef, type RefObject } from 'react';

/** Keeps the latest value (a callback prop) in a ref, so listeners registered once always call the current one. */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
