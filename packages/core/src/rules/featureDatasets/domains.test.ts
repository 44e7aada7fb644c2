import { describe, expect, it } from 'vitest';
import { DATASET_PAGES, DATASETS, type DatasetPageName } from '../featureData';
import { DATASET_PAGE_DOMAINS, loadDatasetDef, loadDatasetPage } from './domains';

describe('dataset pages by domain (a page loads its own domain file only)', () => {
  const names = Object.keys(DATASET_PAGES) as DatasetPageName[];

  it('names the domain of every dataset page, and of nothing else', () => {
    expect(Object.keys(DATASET_PAGE_DOMAINS).sort()).toEqual([...names].sort());
  });

  it.each(names)(
    'given %s, when its page is loaded, then it is the page and its dataset from its domain file',
    async (name) => {
      const { page, def } = await loadDatasetPage(name);
      expect(page).toBe(DATASET_PAGES[name]);
      expect(def).toBe(DATASETS[page.dataset]);
    },
  );

  it('given a dataset named without its page, then its definition loads with every domain', async () => {
    expect(await loadDatasetDef('budgets')).toBe(DATASETS.budgets);
  });
});
