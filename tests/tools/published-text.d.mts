/** Types for published-text.mjs (shared with tests/pack/pack.mjs, a node script, so it stays plain JavaScript). */

/** The packages npm publishes. */
export const PUBLISHED_PACKAGES: readonly string[];

/** A rule of published text: its pattern and what it found, as a failure names it. */
export interface PublishedTextRule {
  pattern: RegExp;
  what: string;
}

export const PUBLISHED_TEXT_RULES: readonly PublishedTextRule[];

/** The names (lower case) of the Markdown files in the repository at `root`. */
export function repositoryDocuments(root: string): Set<string>;

/** A line that names a work item or a document the repository does not hold. */
export interface InternalReference {
  /** Counted from 1. */
  line: number;
  what: string;
  excerpt: string;
}

export function findInternalReferences(text: string, documents?: Set<string>): InternalReference[];

export const TEXT_FILE: RegExp;

export function sourceMapTexts(mapFile: string, json: string): { name: string; source: string; text: string }[];
