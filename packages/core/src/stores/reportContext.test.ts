import { describe, expect, it } from 'vitest';
import type { ReportContext } from '../rules/reportContext';
import { createReportContextRegistry } from './reportContext';

const context = (reportName: string, displayName = 'Overview'): ReportContext => ({
  reportId: reportName.toLowerCase().replace(/ /g, '-'),
  reportName,
  page: { name: displayName.replace(/ /g, ''), displayName },
  filters: [],
  savedView: null,
});

describe('report context registry (the live views the assistant sees)', () => {
  it('given no view, then it reads null and counts none', async () => {
    const registry = createReportContextRegistry();
    expect(await registry.read()).toBeNull();
    expect(registry.$count.get()).toBe(0);
  });

  it('given two views, then the most recently published wins; publishing again brings one to the front; withdrawing falls back', async () => {
    const registry = createReportContextRegistry();
    const billing = async () => context('Billing overview');
    const licenses = async () => context('Licence usage');
    const withdrawBilling = registry.publish(billing);
    const withdrawLicenses = registry.publish(licenses);
    expect(registry.$count.get()).toBe(2);
    expect((await registry.read())?.reportName).toBe('Licence usage');
    registry.publish(billing);
    expect(registry.$count.get()).toBe(2);
    expect((await registry.read())?.reportName).toBe('Billing overview');
    withdrawBilling();
    expect((await registry.read())?.reportName).toBe('Licence usage');
    withdrawLicenses();
    withdrawLicenses();
    expect(await registry.read()).toBeNull();
    expect(registry.$count.get()).toBe(0);
  });

  it('given the most recent view answers null or fails, then the next one answers', async () => {
    const registry = createReportContextRegistry();
    registry.publish(async () => context('Billing overview', 'Monthly Trend'));
    const withdraw = registry.publish(async () => null);
    expect((await registry.read())?.page.displayName).toBe('Monthly Trend');
    withdraw();
    registry.publish(() => Promise.reject(new Error('The frame went away.')));
    expect((await registry.read())?.page.displayName).toBe('Monthly Trend');
  });
});
