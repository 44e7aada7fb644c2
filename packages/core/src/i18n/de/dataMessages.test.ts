import { describe, expect, it } from 'vitest';
import { DATASET_PAGES, DATASETS } from '../../rules/featureData';
import { columnLabel, kpiLabel, pageLabel } from '../dataMessages';
import { datasetMessagesEn } from '../dataMessagesEn';
import { createTranslator, type MessageKey } from '../messages';
import { dataDe } from './dataMessages';
import { deMessages } from './index';

describe('German feature-page texts (issue 24 §2: "Two complete locales")', () => {
  const en = datasetMessagesEn({ datasets: DATASETS, pages: DATASET_PAGES });
  const de = dataDe as Record<string, string>;

  it('given every dataset and page, then German has exactly their texts’ ids: none missing, none extra', () => {
    const missing = Object.keys(en).filter((key) => !(key in de));
    const extra = Object.keys(de).filter((key) => !(key in en));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('given every German text, then none is empty', () => {
    expect(Object.entries(de).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('given every text, then fewer than 15 % read the same as English (FOCUS column names, products, codes)', () => {
    const same = Object.entries(en)
      .filter(([key, text]) => de[key] === text)
      .map(([key, text]) => `${key}: ${text}`);
    expect(same.length / Object.keys(en).length, same.join('\n')).toBeLessThan(0.15);
  });

  it('given the merged German catalogue, then a page’s label, column and key figure read in German', () => {
    const t = createTranslator({}, deMessages);
    const def = DATASETS.anomalies;
    expect(deMessages['datasetPage.anomalies' as MessageKey]).toBe(dataDe['datasetPage.anomalies']);
    expect(pageLabel(t, 'anomalies', DATASET_PAGES.anomalies)).toBe('Kostenanomalien');
    expect(columnLabel(t, 'anomalies', def.columns[7])).toBe('Schweregrad');
    expect(kpiLabel(t, 'anomalies', def.kpis[0])).toBe('Offene Anomalien');
  });
});
