/** Types for api-report.mjs (a node script, run by npm test and `npm run api:check`, so it stays plain JavaScript). */
import type { ElementsManifest } from './elements-manifest.mjs';

/** The published packages' folders under packages/. */
export const PUBLISHED: readonly string[];

/** The report of the custom elements, under api/. */
export const ELEMENTS_REPORT: string;

/** An entry point with types: its key in the exports map, its built .d.ts, its report under api/. */
export interface EntryPoint {
  key: string;
  file: string;
  report: string;
}

/** The entry points with types of `packages/<dir>`. */
export function entryPoints(dir: string): EntryPoint[];

/** The lines that differ between two reports: `- removed`, `+ added`, `  kept` (context) and `…` between hunks. */
export function changedLines(before: string, after: string): string[];

/** The elements' report: each element's attributes, properties, events, slots, CSS parts and custom properties. */
export function elementsReport(manifest: ElementsManifest): string;

/** Writes (`update`) or checks the reports; `problems` are the lines to print. */
export function runReports(options?: { update?: boolean; log?: (line: string) => void }): Promise<{
  ok: boolean;
  problems: string[];
}>;
