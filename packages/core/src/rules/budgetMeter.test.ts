import { describe, expect, it } from 'vitest';
import { chartEn } from '../i18n/chartMessages';
import { createTranslator } from '../i18n/messages';
import { meterTexts, readMeter, type MeterInput } from './budgetMeter';

const t = createTranslator(chartEn);
const texts = (input: MeterInput) => meterTexts(input, readMeter(input), { currency: 'USD' }, t);

describe('budget meter rules (issue 13)', () => {
  it('is under below 80% of the budget, near from 80% up to it, over past it', () => {
    expect(readMeter({ actual: 7999, target: 10000 })).toMatchObject({ state: 'under', tone: 'ok', status: 'under' });
    expect(readMeter({ actual: 8000, target: 10000 })).toMatchObject({
      state: 'near',
      tone: 'warning',
      status: 'near',
    });
    expect(readMeter({ actual: 10000, target: 10000 })).toMatchObject({
      state: 'near',
      tone: 'warning',
      status: 'near',
    });
    expect(readMeter({ actual: 10001, target: 10000 })).toMatchObject({
      state: 'over',
      tone: 'danger',
      status: 'over',
    });
    expect(readMeter({ actual: 5000, target: 10000, nearAt: 0.5 })).toMatchObject({ state: 'near' });
  });

  it('warns when the forecast passes the budget before the actual amount does', () => {
    expect(readMeter({ actual: 5000, target: 10000, forecast: 11300 })).toMatchObject({
      state: 'under',
      tone: 'warning',
      status: 'forecastOver',
      forecastRatio: 1.13,
    });
    expect(readMeter({ actual: 5000, target: 10000, forecast: 9000 })).toMatchObject({
      state: 'under',
      tone: 'ok',
      status: 'under',
    });
  });

  it('reads a commitment the other way round: met or on track is fine, behind is worth a look', () => {
    expect(readMeter({ actual: 100, target: 100, goal: 'commitment' })).toMatchObject({ tone: 'ok', status: 'met' });
    expect(readMeter({ actual: 60, target: 100, forecast: 105, goal: 'commitment' })).toMatchObject({
      tone: 'ok',
      status: 'onTrack',
    });
    expect(readMeter({ actual: 60, target: 100, forecast: 90, goal: 'commitment' })).toMatchObject({
      tone: 'warning',
      status: 'behind',
    });
  });

  it('survives a target of zero', () => {
    expect(readMeter({ actual: 5, target: 0 })).toMatchObject({ ratio: null, state: 'over', tone: 'danger' });
    expect(readMeter({ actual: 0, target: 0 })).toMatchObject({ ratio: null, state: 'under' });
    expect(texts({ actual: 5, target: 0 }).percent).toBe('—');
  });

  it('writes the amounts, the share and the standing as one sentence', () => {
    expect(texts({ actual: 8200, target: 10000, forecast: 11300 })).toEqual({
      amounts: '$8,200.00 of $10,000.00 (82%), forecast $11,300.00',
      status: 'forecast over budget',
      full: '$8,200.00 of $10,000.00 (82%), forecast $11,300.00: forecast over budget',
      percent: '82%',
    });
    expect(texts({ actual: 12500, target: 10000 }).full).toBe('$12,500.00 of $10,000.00 (125%): over budget');
    expect(
      meterTexts(
        { actual: 3, target: 10 },
        readMeter({ actual: 3, target: 10 }),
        { valueType: 'number', currency: 'USD' },
        t,
      ).full,
    ).toBe('3 of 10 (30%): within budget');
  });
});

describe('meters in German (issue 24 §2)', () => {
  it('given German, then the amounts and the share are written the German way', () => {
    const input = { actual: 8200, target: 10000 };
    const german = meterTexts(input, readMeter(input), { currency: 'USD', locale: 'de' }, t);
    expect(german.amounts).toBe('8.200,00\u00a0$ of 10.000,00\u00a0$ (82\u00a0%)');
  });
});
