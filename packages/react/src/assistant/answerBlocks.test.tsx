import { describe, expect, it } from 'vitest';
import { advanceBlocks, NO_BLOCKS, rendersByBlocks, unfinished, type AnswerBlocks } from './answerBlocks';
import { loadMarkdown, renderAnswerSync } from './markdown';

/** Feeds `text` in `pieces` (their lengths, cycled) and collects every finished block. */
function stream(text: string, sizes: number[] = [1]) {
  let state: AnswerBlocks = NO_BLOCKS;
  const blocks: string[] = [];
  for (let at = 0, i = 0; at < text.length; i++) {
    at = Math.min(text.length, at + sizes[i % sizes.length]!);
    const step = advanceBlocks(state, text.slice(0, at));
    blocks.push(...step.finished);
    state = step.state;
  }
  return { blocks, rest: unfinished(state), state };
}

const ANSWER = [
  '## Costs in June',
  '',
  'Contoso spent **$12,345.67**, 4 % more than in May.',
  '',
  '- Compute: $8,000',
  '',
  '- Storage: $2,000',
  '  with the backups',
  '',
  '| Service | Cost |',
  '|---|---:|',
  '| Compute | $8,000 |',
  '',
  '    indented code',
  '',
  '    after a blank line',
  '',
  '```sql',
  'select *',
  '',
  'from costs',
  '```',
  '',
  'That is all.',
].join('\n');

describe('advanceBlocks (issue 40 §3: each finished block rendered once)', () => {
  it('given an answer written a character at a time, then it is cut at its blank lines into the blocks Markdown has: a loose list and a fence with a blank line stay whole', () => {
    const { blocks, rest } = stream(ANSWER);
    expect(blocks).toEqual([
      '## Costs in June\n\n',
      'Contoso spent **$12,345.67**, 4 % more than in May.\n\n',
      '- Compute: $8,000\n\n- Storage: $2,000\n  with the backups\n\n',
      '| Service | Cost |\n|---|---:|\n| Compute | $8,000 |\n\n',
      '    indented code\n\n    after a blank line\n\n',
      '```sql\nselect *\n\nfrom costs\n```\n\n',
    ]);
    expect(rest).toBe('That is all.');
  });

  it('given any cutting of the same answer into pieces, then the same blocks, and blocks plus the unfinished text are the text so far', () => {
    const once = stream(ANSWER, [ANSWER.length]);
    for (const sizes of [[1], [2, 7], [13], [5, 1, 31], [64]]) {
      const { blocks, rest } = stream(ANSWER, sizes);
      expect(blocks).toEqual(once.blocks);
      expect(blocks.join('') + rest).toBe(ANSWER);
    }
  });

  it('given a list whose next line has not come whole, then it is not finished: the line may still carry the list on', () => {
    expect(stream('- one\n\n- tw').blocks).toEqual([]);
    expect(stream('- one\n\nAfter').blocks).toEqual([]);
    expect(stream('- one\n\n- two\n\nAfter.\n').blocks).toEqual(['- one\n\n- two\n\n']);
  });

  it('given a paragraph, then it is finished at its blank line', () => {
    expect(stream('One.\n').blocks).toEqual([]);
    expect(stream('One.\n\n')).toMatchObject({ blocks: ['One.\n\n'], rest: '' });
    expect(stream('One.\n\n\nT')).toMatchObject({ blocks: ['One.\n\n'], rest: '\nT' });
  });

  it('given a fence that is never closed, then nothing after it is finished', () => {
    expect(stream('Before.\n\n```\ncode\n\nmore\n\nText\n').blocks).toEqual(['Before.\n\n']);
  });

  it('given the text starts over (the model went on to look data up), then restarted, and the blocks are those of the new text', () => {
    let state = advanceBlocks(NO_BLOCKS, 'Let me look.\n\nStill looking.\n').state;
    const step = advanceBlocks(state, 'Here.\n\nDone');
    expect(step.restarted).toBe(true);
    expect(step.finished).toEqual(['Here.\n\n']);
    state = step.state;
    expect(unfinished(state)).toBe('Done');
  });
});

describe('rendering block by block (the complete answer is not rendered again)', () => {
  it('given an answer, then its blocks rendered one by one are the HTML of the whole answer rendered at once', async () => {
    await loadMarkdown();
    const { blocks, rest } = stream(ANSWER, [7]);
    const byBlocks = [...blocks, rest].map((b) => renderAnswerSync(b, { tableLabel: 'Table' })).join('');
    expect(byBlocks).toBe(renderAnswerSync(ANSWER, { tableLabel: 'Table' }));
  });

  it('given link reference definitions, then the answer is not rendered by blocks', () => {
    expect(rendersByBlocks(ANSWER)).toBe(true);
    expect(rendersByBlocks('See [the costs][1].\n\n[1]: https://portal.example/costs')).toBe(false);
  });
});
