import { portalSearch, searchPageCount, searchPageRows, type SearchResult } from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { usePortalClient } from '../provider/PortalProvider';

/**
 * The search dialog's state and keys: the search store's answer and the page of it shown, the active
 * row (a new answer or page starts at its first), choosing a result (then closing), the text cleared
 * when the dialog closes, and the text box's keys — Up/Down move through the page's results,
 * PageUp/PageDown change page, Enter chooses the active one.
 */
export function useSearchDialog({
  open,
  onClose,
  onChoose,
}: {
  open: boolean;
  onClose: () => void;
  onChoose: (result: SearchResult) => void;
}) {
  const client = usePortalClient();
  const search = portalSearch(client);
  const state = useStore(search.$search);
  // The active row, of the answer and page it was chosen on: a new answer or page starts at its first row.
  const [cursor, setCursor] = useState({ results: state.results, page: state.page, index: 0 });
  const active = cursor.results === state.results && cursor.page === state.page ? cursor.index : 0;
  const setActive = (next: (index: number) => number) =>
    setCursor({ results: state.results, page: state.page, index: next(active) });
  const rows = searchPageRows(state.results, state.page);
  const pages = searchPageCount(state.results.length);

  // A closed dialog forgets its text.
  useEffect(() => {
    if (!open) search.clear();
    return () => search.clear();
  }, [open, search]);

  const choose = (result: SearchResult | undefined) => {
    if (!result) return;
    onChoose(result);
    onClose();
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const moves: Record<string, () => void> = {
      ArrowDown: () => setActive((i) => Math.min(i + 1, rows.length - 1)),
      ArrowUp: () => setActive((i) => Math.max(i - 1, 0)),
      PageDown: () => search.setPage(state.page + 1),
      PageUp: () => search.setPage(state.page - 1),
      Enter: () => choose(rows[active]),
    };
    const move = moves[event.key];
    if (!move || (event.key !== 'Enter' && rows.length === 0)) return;
    event.preventDefault();
    move();
  }

  return { search, state, rows, pages, active, setActive, choose, onKeyDown };
}
