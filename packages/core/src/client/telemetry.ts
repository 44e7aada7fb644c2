// Not in the spec: what the pieces tell the host page's own analytics, through
// `configure({ onTelemetry })` / `createPortalClient({ onTelemetry })`.
import type { ChatDataset } from '../rules/chatDatasets';

/**
 * A typed event the pieces report to the host's `onTelemetry`. The visitor's questions and the
 * assistant's answers are left out (`text`) unless the host asks for them (`telemetryText: true`).
 * @public
 */
export type TelemetryEvent =
  | {
      /** A piece's view has rendered for the first time: `ms` since the element connected (its code's download included). */
      type: 'piece-ready';
      /** The element's name without `cp-`: `assistant`, `page`, `report`… */
      piece: string;
      ms: number;
    }
  | {
      /** A question went to the assistant (typed, asked by the page, a quick start or a follow-up). */
      type: 'question-sent';
      dataset: ChatDataset | null;
      /** Its length in characters. */
      characters: number;
      /** Whether it went with the page's context. */
      withContext: boolean;
      /** The question, with `telemetryText` only. */
      text?: string;
    }
  | {
      /** The answer to a question is shown in full, stopped by the visitor, or failed. */
      type: 'answer-shown';
      outcome: 'answered' | 'stopped' | 'failed';
      dataset: ChatDataset | null;
      /** From the question going out to the answer's first text; null when none came. */
      firstTextMs: number | null;
      /** From the question going out to the answer being shown in full (or stopped, or failed). */
      doneMs: number;
      /** The chat's cost after the answer, in `currency`; null when unknown (failed). */
      cost: number | null;
      currency: string;
      /** The answer's Markdown, with `telemetryText` only. */
      text?: string;
    }
  | {
      /** A piece raised its `cp-*-error` event, or the assistant could not answer. */
      type: 'error';
      piece: string;
      /** The error event's `code`; for the assistant's answers `answer-failed` or `rate-limited`. */
      code: string;
    }
  | {
      /** An answer's proposal of one of the page's actions was shown as a button. */
      type: 'action-offered';
      name: string;
    }
  | {
      /** The visitor chose a proposed action. */
      type: 'action-chosen';
      name: string;
    };

/**
 * What the host gives to receive telemetry.
 * @public
 */
export interface TelemetryOptions {
  /**
   * Receives every {@link TelemetryEvent}, each with the time it happened (`at`, ISO 8601). Called
   * synchronously; what it throws is caught and logged, never breaking the piece.
   */
  onTelemetry?: (event: TelemetryEvent & { at: string }) => void;
  /** Include the questions' and answers' text (`text`). @default false */
  telemetryText?: boolean;
}

/**
 * Reports an event to the host's `onTelemetry`, without `text` unless the host asked for it.
 * @public
 */
export type ReportTelemetry = (event: TelemetryEvent) => void;

/**
 * A receiver of telemetry: the host's `onTelemetry`, or one a React provider adds.
 * @public
 */
export type TelemetryListener = NonNullable<TelemetryOptions['onTelemetry']>;

/**
 * The client's telemetry over the host's options: `report` tells `onTelemetry` and every listener
 * added since (`listen` answers the function that removes one); nothing is built without one.
 */
export function createTelemetry({ onTelemetry, telemetryText = false }: TelemetryOptions): {
  report: ReportTelemetry;
  listen(listener: TelemetryListener): () => void;
} {
  const listeners = new Set<TelemetryListener>(onTelemetry ? [onTelemetry] : []);
  const report: ReportTelemetry = (event) => {
    if (listeners.size === 0) return;
    const { text, ...rest } = event as TelemetryEvent & { text?: string };
    const at = new Date().toISOString();
    const reported = (
      telemetryText && text !== undefined ? { ...rest, text, at } : { ...rest, at }
    ) as TelemetryEvent & {
      at: string;
    };
    for (const listener of listeners) {
      try {
        listener(reported);
      } catch (error) {
        console.error('onTelemetry threw', error);
      }
    }
  };
  return {
    report,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
