import { pseudoLocalize } from '../rules/locale';
import { pseudoCatalogue } from './pseudo';
import { describe, expect, it } from 'vitest';
import { COST_DATASETS, COST_PAGES } from '../rules/featureDatasets/costs';
import { DATASET_PAGES, DATASETS } from '../rules/featureData';
import {
  actionLabel,
  chartMessageKey,
  chartTitle,
  columnLabel,
  kpiLabel,
  optionLabel,
  pageLabel,
} from './dataMessages';
import { datasetMessagesEn } from './dataMessagesEn';
import { createTranslator, type MessageKey } from './messages';

describe('feature-page texts as catalogue messages (issue 24 §2)', () => {
  const all = datasetMessagesEn({ datasets: DATASETS, pages: DATASET_PAGES });

  it('given the cost domain, then every label of its definitions is English under its id', () => {
    const en = datasetMessagesEn({ datasets: COST_DATASETS, pages: COST_PAGES });
    expect(en['data.anomalies.col.unexpectedSpend']).toBe('Unexpected spend');
    expect(en['data.anomalies.opt.status.Acknowledged']).toBe('Acknowledged');
    expect(en['data.anomalies.kpi.open']).toBe('Open anomalies');
    expect(en['data.anomalies.action.dismiss']).toBe('Dismiss');
    expect(en['datasetPage.financial-summary']).toBe('Invoices');
    expect(en['datasetPage.financial-summary.chart.period.amount.provider']).toBe('Invoiced a month by provider');
    expect(en['datasetPage.anomalies.chart.service.unexpectedSpend']).toBe('Unexpected spend by service');
  });

  it('given every dataset and page, then each label has its own id (none shared, none empty)', () => {
    let texts = 0;
    for (const def of Object.values(DATASETS)) {
      const d = def as (typeof DATASETS)[keyof typeof DATASETS];
      texts += d.columns.length + d.kpis.length + ('actions' in d ? d.actions.length : 0);
      for (const c of d.columns) texts += c.type === 'enum' && 'options' in c ? c.options.length : 0;
    }
    for (const page of Object.values(DATASET_PAGES)) texts += 1 + ('charts' in page ? page.charts.length : 0);
    expect(Object.keys(all)).toHaveLength(texts);
    expect(Object.values(all).filter((text) => text.trim() === '')).toEqual([]);
  });

  it('given a translation, then the helpers answer it; without one, the definition’s English', () => {
    const t = createTranslator({
      'data.anomalies.col.severity': 'Schweregrad',
      'data.anomalies.opt.severity.High': 'Hoch',
      'data.anomalies.kpi.open': 'Offene Anomalien',
      'data.anomalies.action.acknowledge': 'Bestätigen',
      'datasetPage.anomalies': 'Kostenanomalien',
      [chartMessageKey('anomalies', { x: 'service', y: 'unexpectedSpend' })]: 'Unerwartete Ausgaben nach Dienst',
    });
    const def = DATASETS.anomalies;
    const page = DATASET_PAGES.anomalies;
    expect(columnLabel(t, 'anomalies', def.columns[7])).toBe('Schweregrad');
    expect(columnLabel(t, 'anomalies', def.columns[0])).toBe('Date');
    expect(optionLabel(t, 'anomalies', def.columns[7], 'High')).toBe('Hoch');
    expect(optionLabel(t, 'anomalies', def.columns[7], 'Unheard of')).toBe('Unheard of');
    expect(kpiLabel(t, 'anomalies', def.kpis[0])).toBe('Offene Anomalien');
    expect(kpiLabel(t, 'anomalies', def.kpis[1])).toBe('Unexpected spend (open)');
    expect(actionLabel(t, 'anomalies', def.actions[0])).toBe('Bestätigen');
    expect(actionLabel(t, 'anomalies', def.actions[1])).toBe('Dismiss');
    expect(pageLabel(t, 'anomalies', page)).toBe('Kostenanomalien');
    expect(chartTitle(t, 'anomalies', page.charts[0])).toBe('Unerwartete Ausgaben nach Dienst');
    expect(pageLabel(t, 'no-such-page', { label: 'Own page' })).toBe('Own page');
  });

  it('given a text whose id no catalogue knows, then the helpers answer the definition’s English, not the id', () => {
    const keyEcho = (key: MessageKey) => key;
    expect(columnLabel(keyEcho, 'ownDataset', { id: 'x', label: 'Own column' })).toBe('Own column');
    expect(kpiLabel(keyEcho, 'ownDataset', { id: 'k', label: 'Own figure' })).toBe('Own figure');
    const stage = { id: 'stage', optionLabels: { sql: 'SQL migration' } };
    expect(optionLabel(keyEcho, 'ownDataset', stage, 'in-progress')).toBe('In progress');
    expect(optionLabel(keyEcho, 'ownDataset', stage, 'sql')).toBe('SQL migration');
  });

  it('given an enum of codes, then English reads its declared labels, else the codes humanized; the value sent stays the code', () => {
    const provider = DATASETS.recommendations.columns[1];
    expect(provider.options).toEqual(['azure', 'm365', 'aws']);
    expect(provider.options.map((v) => all[`data.recommendations.opt.provider.${v}`])).toEqual([
      'Azure',
      'Microsoft 365',
      'AWS',
    ]);
    expect(['open', 'dismissed', 'done'].map((v) => all[`data.recommendations.opt.status.${v}`])).toEqual([
      'Open',
      'Dismissed',
      'Done',
    ]);
    expect(optionLabel(createTranslator({}), 'recommendations', provider, 'm365')).toBe('Microsoft 365');
  });

  it('given every enum value that is a code (lower case), then its English is a readable name, never the code', () => {
    const codes = Object.entries(all).filter(([key, text]) => key.includes('.opt.') && /^[a-z][a-z\d-]*$/.test(text));
    expect(codes).toEqual([]);
  });

  it('given the pseudo-locale, then the feature pages’ texts are pseudo-localized from the definitions', () => {
    const pseudo = pseudoCatalogue();
    const label = pseudo['datasetPage.pipelines' as MessageKey];
    expect(label).toBe(pseudoLocalize(DATASET_PAGES.pipelines.label));
    expect(pseudo['data.pipelines.col.pipeline' as MessageKey]).toBe(pseudoLocalize('Pipeline'));
  });
});
