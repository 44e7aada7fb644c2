import type { FormProblems, Translate } from '@cloudportal/core';
import { useMemo, useState } from 'react';
import { useT } from '../provider/PortalProvider';

/**
 * A form's problems as its last check found them, worded in the active locale: the check is kept,
 * not its texts, so a change of language rewords the problems on show.
 */
export function useFormProblems<K extends string = string>(): {
  /** The problems of the last check, by field; none before the first. */
  problems: FormProblems<K>;
  /** Checks the form now (`problemsOf` over its current values) and answers what it found. */
  check: (problemsOf: (t: Translate) => FormProblems<K>) => FormProblems<K>;
} {
  const t = useT();
  const [last, setLast] = useState<{ problemsOf: (t: Translate) => FormProblems<K> } | null>(null);
  const problems = useMemo(() => (last ? last.problemsOf(t) : ({} as FormProblems<K>)), [last, t]);
  return {
    problems,
    check: (problemsOf) => {
      setLast({ problemsOf });
      return problemsOf(t);
    },
  };
}
