import { atom, type ReadableAtom } from 'nanostores';
import type { ReportContext } from '../rules/reportContext';

/**
 * Answers the live view of one report view when asked: read at question time (filters are read from
 * the frame then), so it is async. Null when the view has nothing to show (not loaded, failed).
 * @public
 */
export type ReportContextProvider = () => Promise<ReportContext | null>;

// spec §2 "Assistant chat" (beyond the spec: this extends it, see rules/reportContext)
/**
 * The page-wide registry of live report views of one portal client (`client.reportContext`), through
 * which the assistant sees the report the user looks at (see rules/reportContext).
 * @public
 */
export interface ReportContextRegistry {
  /** How many views are published; 0: the assistant sees no report. */
  readonly $count: ReadableAtom<number>;
  /**
   * Publishes a view's provider; the most recently published wins. Publishing the same provider
   * again makes it the most recent (a view the user just used: shown again, page changed). Returns
   * the function that withdraws it (on unmount).
   */
  publish(provider: ReportContextProvider): () => void;
  /**
   * The live context: the most recent provider's answer, or the next one's when it answers null.
   * Null when none is published; a provider that fails counts as null. No time-out: the caller
   * bounds the wait (the chat store waits `REPORT_CONTEXT_READ_TIMEOUT_MS`).
   */
  read(): Promise<ReportContext | null>;
}

/**
 * Creates the report-context registry of one portal client.
 * @public
 */
export function createReportContextRegistry(): ReportContextRegistry {
  // Oldest first: the last is the most recent.
  const providers: ReportContextProvider[] = [];
  const $count = atom(0);
  const withdraw = (provider: ReportContextProvider) => {
    const at = providers.indexOf(provider);
    if (at >= 0) providers.splice(at, 1);
    $count.set(providers.length);
  };
  return {
    $count,
    publish(provider) {
      withdraw(provider);
      providers.push(provider);
      $count.set(providers.length);
      return () => withdraw(provider);
    },
    async read() {
      for (const provider of [...providers].reverse()) {
        const context = await provider().catch(() => null);
        if (context) return context;
      }
      return null;
    },
  };
}
