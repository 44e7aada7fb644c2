import { describe, expect, it } from 'vitest';
import { humanizeOption, optionEnglish } from './optionText';

describe('the English of an enum value (issue 24 §2: no raw codes on a feature page)', () => {
  it('given a code, then it reads in sentence case with its hyphens as spaces', () => {
    expect(humanizeOption('open')).toBe('Open');
    expect(humanizeOption('in-progress')).toBe('In progress');
    expect(humanizeOption('tier2')).toBe('Tier2');
  });

  it('given a value with a capital, a space or another mark, then it is English already and stays', () => {
    for (const value of [
      'High',
      'macOS',
      'iOS',
      'Pay-As-You-Go',
      'Dev/Test',
      'Not compliant',
      'Commitment tier 100 GB/day',
      '',
    ])
      expect(humanizeOption(value)).toBe(value);
  });

  it("given the column's own label for a value, then that is its English; the others follow the rule", () => {
    const column = { optionLabels: { m365: 'Microsoft 365', aws: 'AWS' } };
    expect(optionEnglish(column, 'm365')).toBe('Microsoft 365');
    expect(optionEnglish(column, 'aws')).toBe('AWS');
    expect(optionEnglish(column, 'azure')).toBe('Azure');
    expect(optionEnglish({}, 'done')).toBe('Done');
  });
});
