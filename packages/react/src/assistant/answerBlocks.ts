/**
 * An answer as it is written, cut into Markdown blocks so that each finished block is
 * rendered once and the block still being written is shown as text: the total work is linear in
 * the answer's length, however many pieces it arrives in. A block ends at a blank line outside a
 * code fence — a list or indented code once the next line shows it does not go on (another item or
 * an indented line); a fence keeps everything to its closing marker.
 */

/** Where a streamed answer's blocks stand. */
export interface AnswerBlocks {
  /** The text so far. */
  readonly text: string;
  /** `text.slice(0, done)` is finished blocks. */
  readonly done: number;
  /** Where the next line to look at starts. */
  readonly line: number;
  /** The open code fence's marker (``` or ~~~, maybe longer), or null. */
  readonly fence: string | null;
  /** After a blank line outside a fence: where the next block would start. */
  readonly breakAt: number | null;
  /**
   * What the block being written is: a list (blank lines between its items do not end it), indented
   * code (nor between its lines), or anything else; null before its first line.
   */
  readonly kind: 'list' | 'code' | 'other' | null;
}

/** What {@link advanceBlocks} found in the new text. */
export interface BlocksStep {
  state: AnswerBlocks;
  /** The blocks finished since the last step, in order (Markdown, each ending with its blank line). */
  finished: string[];
  /** The text does not go on from the last step's (the model started over): start from nothing. */
  restarted: boolean;
}

/** Nothing written yet. */
export const NO_BLOCKS: AnswerBlocks = Object.freeze({
  text: '',
  done: 0,
  line: 0,
  fence: null,
  breakAt: null,
  kind: null,
});

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const INDENTED = /^(?: {2,}|\t)\S/;
const CODE_LINE = /^(?: {4}|\t)/;

/** What a block's first line makes it. */
const kindOf = (line: string) => (LIST_ITEM.test(line) ? 'list' : CODE_LINE.test(line) ? 'code' : 'other');

/** The text still being written: what is shown as text until its block is finished. */
export const unfinished = (state: AnswerBlocks): string => state.text.slice(state.done);

/**
 * The blocks of `text` after those of `state`: looks only at the lines completed since (each line
 * once), so following an answer of n characters costs O(n) in all.
 */
export function advanceBlocks(state: AnswerBlocks, text: string): BlocksStep {
  // The store writes '' when the model starts over, so a text that does not grow is a new one.
  const restarted = text.length < state.text.length || (state.text !== '' && !text.startsWith(state.text.slice(0, 64)));
  let { done, line, fence, breakAt, kind } = restarted ? NO_BLOCKS : state;
  const finished: string[] = [];
  for (let end = text.indexOf('\n', line); end !== -1; end = text.indexOf('\n', line)) {
    const current = text.slice(line, end);
    const blank = current.trim() === '';
    if (fence !== null) {
      const marker = FENCE.exec(current)?.[1];
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && current.trim() === marker) fence = null;
    } else if (blank) {
      breakAt ??= end + 1;
      // A paragraph, heading, table or closed fence ends at its blank line; a list or indented code
      // waits for the next line, which may carry it on.
      if (kind === 'other' && breakAt > done) {
        finished.push(text.slice(done, breakAt));
        done = breakAt;
        kind = null;
      }
    } else {
      // A line after a blank one: the block before ended there, unless a list goes on.
      const goesOn =
        (kind === 'list' && (LIST_ITEM.test(current) || INDENTED.test(current))) ||
        (kind === 'code' && CODE_LINE.test(current));
      if (breakAt !== null && !goesOn && breakAt > done) {
        finished.push(text.slice(done, breakAt));
        done = breakAt;
        kind = null;
      }
      kind ??= kindOf(current);
      breakAt = null;
      const marker = FENCE.exec(current)?.[1];
      if (marker) fence = marker;
    }
    line = end + 1;
  }
  return { state: { text, done, line, fence, breakAt, kind }, finished, restarted };
}

/**
 * Whether rendering an answer block by block gives what rendering it whole gives: not when it
 * defines link references (`[1]: https://…`), which blocks before the definition use.
 */
export const rendersByBlocks = (markdown: string): boolean => !/^ {0,3}\[[^\]]+\]:/m.test(markdown);
