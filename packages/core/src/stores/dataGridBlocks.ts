import { DATA_PAGE_SIZE, type DataPage, type DataQuery, type DataRow } from '../rules/featureData';

/** What a block loader reports back to its grid. */
export interface BlockLoaderEvents {
  /** A block arrived for the current query. */
  loaded(block: number, page: DataPage): void;
  /** A block failed for the current query (aborts are not failures). */
  failed(error: unknown): void;
}

/** Loads a grid's rows in blocks of {@link DATA_PAGE_SIZE}, one request per block at a time. */
export interface BlockLoader {
  /** Requests `blocks` not held or already asked for; in-flight blocks far from them are aborted. */
  want(blocks: readonly number[]): void;
  /** Forgets every block and aborts every request: the query changed, answers for the old one are dropped. */
  reset(): void;
  /** Whether block `block` is being fetched. */
  pending(block: number): boolean;
}

/**
 * The block cache's fetching: each block is one `page` call with its own abort signal. A block
 * whose previous block has loaded is asked for after that block's `next` cursor (keyset), so
 * scrolling down costs the server the same at any depth; a jump asks by offset. A query
 * change (`reset`) aborts them all and bumps a generation, so a late answer for an older query is
 * never shown — the newest query wins, as in `stores/search.ts`. Scrolling far away aborts blocks
 * that are no longer near the window, so a fast scroll over 100,000 rows does not queue hundreds.
 */
export function createBlockLoader(
  fetchPage: (query: DataQuery, signal: AbortSignal) => Promise<DataPage>,
  query: () => DataQuery,
  events: BlockLoaderEvents,
  size = DATA_PAGE_SIZE,
): BlockLoader {
  const inFlight = new Map<number, AbortController>();
  // Each loaded block's `next` cursor: the block after it is read by keyset from there.
  const cursors = new Map<number, string>();
  let generation = 0;

  async function fetchBlock(block: number, mine: number, controller: AbortController) {
    try {
      const after = cursors.get(block - 1);
      const page = await fetchPage(
        { ...query(), offset: block * size, limit: size, ...(after ? { after } : {}) },
        controller.signal,
      );
      if (mine !== generation) return;
      if (page.next) cursors.set(block, page.next);
      events.loaded(block, page);
    } catch (error) {
      if (mine === generation && !controller.signal.aborted) events.failed(error);
    } finally {
      if (inFlight.get(block) === controller) inFlight.delete(block);
    }
  }

  return {
    want(blocks) {
      if (blocks.length) {
        const low = Math.min(...blocks) - 1;
        const high = Math.max(...blocks) + 1;
        for (const [block, controller] of inFlight) {
          if (block < low || block > high) {
            controller.abort();
            inFlight.delete(block);
          }
        }
      }
      for (const block of blocks) {
        if (inFlight.has(block)) continue;
        const controller = new AbortController();
        inFlight.set(block, controller);
        void fetchBlock(block, generation, controller);
      }
    },
    reset() {
      generation++;
      cursors.clear();
      for (const controller of inFlight.values()) controller.abort();
      inFlight.clear();
    },
    pending: (block) => inFlight.has(block),
  };
}

/**
 * The row at `index` of a block cache, or undefined when its block is not loaded.
 * @public
 */
export function rowOfBlocks(
  blocks: ReadonlyMap<number, readonly DataRow[]>,
  index: number,
  size = DATA_PAGE_SIZE,
): DataRow | undefined {
  return blocks.get(Math.floor(index / size))?.[index % size];
}
