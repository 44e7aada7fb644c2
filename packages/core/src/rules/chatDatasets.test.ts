import { describe, expect, it } from 'vitest';
import {
  availableDatasets,
  CHAT_DATASETS,
  datasetAvailability,
  isChatDataset,
  isDatasetAvailable,
} from './chatDatasets';

const lic = (licenseModule: string, licenseSku: string, active = true) => ({ licenseModule, licenseSku, active });

describe('dataset values (spec §3 "Dataset option")', () => {
  it('the values are all, m365 and azure, in that order; nothing else is a dataset', () => {
    expect(CHAT_DATASETS).toEqual(['all', 'm365', 'azure']);
    for (const value of CHAT_DATASETS) expect(isChatDataset(value)).toBe(true);
    for (const value of ['All', 'M365', '', 'gcp', undefined, null, 1]) expect(isChatDataset(value)).toBe(false);
  });
});

describe('dataset availability (spec §5, §6)', () => {
  it('given ARM + Office365 with azure and m365 licences (ada), then all, m365 and azure', () => {
    const a = datasetAvailability(['ARM', 'Office365'], [lic('azure', 'essentials'), lic('m365', 'core')]);
    expect(a).toEqual({ azure: true, m365: true });
    expect(availableDatasets(a)).toEqual(['all', 'm365', 'azure']);
  });

  it('given Office365 with an m365 licence only (max), then m365 only', () => {
    expect(availableDatasets(datasetAvailability(['Office365'], [lic('m365', 'essentials')]))).toEqual(['m365']);
  });

  it.each(['ARM', 'CSPCustomer', 'EA'])('given %s with an azure licence, then azure only', (type) => {
    expect(availableDatasets(datasetAvailability([type], [lic('azure', 'azure.poc')]))).toEqual(['azure']);
  });

  it('given EA with an inactive licence (sam), then nothing: the assistant is not enabled', () => {
    expect(availableDatasets(datasetAvailability(['EA'], [lic('azure', 'core', false)]))).toEqual([]);
  });

  it.each([
    ['an unknown sku', [lic('azure', 'premium')]],
    ['the other module', [lic('m365', 'core')]],
  ])('given ARM with %s, then no azure', (_what, licenses) => {
    expect(datasetAvailability(['ARM'], licenses).azure).toBe(false);
  });

  it('given an azure licence without an Azure account type, then no azure', () => {
    expect(datasetAvailability(['Office365'], [lic('azure', 'core')]).azure).toBe(false);
  });

  it.each(['m365.poc', 'essentials', 'core', 'essentials.enterprise', 'essentials.epa', 'essentials.sva'])(
    'm365 sku %s opens m365',
    (sku) => {
      expect(datasetAvailability(['Office365'], [lic('m365', sku)]).m365).toBe(true);
    },
  );

  it('checks a dataset against the availability', () => {
    expect(isDatasetAvailable('all', { azure: true, m365: false })).toBe(false);
    expect(isDatasetAvailable('azure', { azure: true, m365: false })).toBe(true);
  });
});
