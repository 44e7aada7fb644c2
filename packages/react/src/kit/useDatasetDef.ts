import { loadDatasetDef, type DatasetDef, type DatasetId } from '@cloudportal/core';
import { useEffect, useState } from 'react';

/**
 * `dataset`'s definition: `given` when the caller has it (a dataset page loads its own with the page),
 * else loaded — with every domain's definitions — the first time it is asked for; null meanwhile.
 */
export function useDatasetDef(dataset: DatasetId, given: DatasetDef | undefined): DatasetDef | null {
  const [loaded, setLoaded] = useState<{ dataset: DatasetId; def: DatasetDef } | null>(null);
  useEffect(() => {
    if (given) return;
    let live = true;
    void loadDatasetDef(dataset).then((def) => {
      if (live) setLoaded({ dataset, def });
    });
    return () => {
      live = false;
    };
  }, [dataset, given]);
  return given ?? (loaded?.dataset === dataset ? loaded.def : null);
}
