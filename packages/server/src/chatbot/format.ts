/** Markdown and number formatting of the built-in engine's answers (English, like the spec's texts). */
import type { ChatDataset } from '@cloudportal/core';
import { datasetOptions } from '@cloudportal/core/rules';

/** An amount in its currency: '$1,234.50' for USD, '1,234.50 XYZ' for a code Intl does not know. */
export function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${count(amount, 2)} ${currency}`;
  }
}

/** A number with thousands separators and up to `decimals` decimals: 61,200 or 1,820.5. */
export function count(value: number, decimals = 0): string {
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: decimals === 2 ? 2 : 0,
    maximumFractionDigits: decimals,
  }).format(value);
}

/** A share in percent with one decimal: '42.1%'. */
export function percent(part: number, whole: number): string {
  return whole === 0 ? '0.0%' : `${(Math.round((part / whole) * 1000) / 10).toFixed(1)}%`;
}

/** A signed change in percent with one decimal: '+3.1%', '-2.0%'. */
export function change(now: number, before: number): string {
  if (before === 0) return 'n/a';
  const value = Math.round(((now - before) / before) * 1000) / 10;
  return `${value > 0 ? '+' : ''}${value.toFixed(1)}%`;
}

/** Text for a Markdown table cell: pipes and line breaks would break the table. */
const cell = (value: string) => value.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** A Markdown table; `right` marks the columns aligned right (numbers). */
export function table(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  right: readonly number[] = [],
): string {
  const align = headers.map((_h, i) => (right.includes(i) ? '---:' : '---'));
  return [
    `| ${headers.map(cell).join(' | ')} |`,
    `| ${align.join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
}

/** Text from a caller (a report's or filter's name) as literal Markdown: its Markdown and HTML characters escaped. */
export const literal = (text: string) => text.replace(/[\\`*_{}[\]<>|#]/g, '\\$&');

/** Rounds to cents, the way amounts are stored. */
export const cents = (value: number) => Math.round(value * 100) / 100;

/** "Contoso Ltd's", "Wingtip Toys'". */
export const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

/** Spec §3 "Dataset option": the dataset selector's text of `dataset` ('All', 'M365', 'Azure'), from core's catalogue. */
export const datasetText = (dataset: ChatDataset) => datasetOptions([dataset])[0]!.text;
