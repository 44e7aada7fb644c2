import {
  portalSearch,
  registerMessages,
  searchEn,
  searchPageCount,
  searchPageRows,
  searchTagsText,
  SEARCH_GRID_HEIGHT,
  type SearchResult,
} from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { ProgressBar } from '../ui/ProgressBar';
import { useStyles } from '../ui/useStyles';
import css from './SearchDialog.css?inline';

registerMessages(searchEn);

/** Props of {@link SearchDialog}. */
export interface SearchDialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** Called when the user closes it (Escape, the backdrop, Close) or after a result was chosen. */
  onClose: () => void;
  /** Called with the result the user chose (click or Enter); the dialog closes after. */
  onChoose: (result: SearchResult) => void;
}

/**
 * Spec §2 "Search dialog": the text box 'What would you like to find?', searched after a 1000 ms
 * pause when not empty (`portalSearch(client)`, scoped to the selected personas); a progress bar
 * while loading; the total results count; 'No results...'; a paged grid 400 px high whose rows
 * list the path, the description when there is one, and the tags joined or '-'. Arrow keys move
 * through the page's results (PageUp/PageDown change page), Enter opens the active one, Escape
 * closes and focus returns where it was. Everything from the server is rendered as text.
 *
 * Parts: `search-dialog`, `search-input`, `search-results`, `search-result`, `search-pager`.
 */
export function SearchDialog({ open, onClose, onChoose }: SearchDialogProps) {
  const client = usePortalClient();
  const search = portalSearch(client);
  const state = useStore(search.$search);
  const t = useT();
  const id = useId();
  const ref = useStyles<HTMLDivElement>(css);
  // The active row, of the answer and page it was chosen on: a new answer or page starts at its first row.
  const [cursor, setCursor] = useState({ results: state.results, page: state.page, index: 0 });
  const active = cursor.results === state.results && cursor.page === state.page ? cursor.index : 0;
  const setActive = (next: (index: number) => number) =>
    setCursor({ results: state.results, page: state.page, index: next(active) });
  const rows = searchPageRows(state.results, state.page);
  const pages = searchPageCount(state.results.length);
  const loading = state.status === 'loading' || state.status === 'waiting';

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

  const optionId = (index: number) => `${id}-result-${index}`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      labelledBy={`${id}-title`}
      describedBy={`${id}-hint`}
      className="cp-search-dialog"
      part="search-dialog"
    >
      <div ref={ref} className="cp-search">
        <div className="cp-search__head">
          <h2 id={`${id}-title`}>{t('search.title')}</h2>
          <Button variant="secondary" onClick={onClose}>
            {t('search.close')}
          </Button>
        </div>
        <input
          className="cp-search__input"
          part="search-input"
          type="search"
          role="combobox"
          aria-label={t('search.input')}
          placeholder={t('search.input')}
          aria-expanded={rows.length > 0}
          aria-controls={`${id}-results`}
          aria-activedescendant={rows.length > 0 ? optionId(active) : undefined}
          autoComplete="off"
          data-autofocus
          value={state.text}
          onChange={(event) => search.setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <p id={`${id}-hint`} className="cp-visually-hidden">
          {t('search.hint')}
        </p>
        <div className="cp-search__status">
          {state.status === 'loading' ? <ProgressBar label={t('search.loading')} /> : null}
          <p role="status" className="cp-search__count">
            {state.status === 'done'
              ? state.results.length === 0
                ? t('search.none')
                : state.results.length === 1
                  ? t('search.count.one')
                  : t('search.count', { count: state.results.length })
              : ''}
          </p>
        </div>
        <div className="cp-search__grid" style={{ height: SEARCH_GRID_HEIGHT }} data-loading={loading || undefined}>
          <div className="cp-search__row cp-search__row--head" aria-hidden="true">
            <span>{t('search.path')}</span>
            <span>{t('search.description')}</span>
            <span>{t('search.tags')}</span>
          </div>
          <ul
            id={`${id}-results`}
            role="listbox"
            aria-label={t('search.results')}
            className="cp-search__results"
            part="search-results"
          >
            {rows.map((result, index) => (
              <li
                key={`${result.name}\u0000${result.tabName ?? ''}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="cp-search__row"
                part="search-result"
                onMouseEnter={() => setActive(() => index)}
                onClick={() => choose(result)}
              >
                <span className="cp-search__path">{result.path}</span>
                <span className="cp-search__description">{result.description}</span>
                <span className="cp-search__tags">{searchTagsText(result.tags)}</span>
              </li>
            ))}
          </ul>
        </div>
        {pages > 1 ? (
          <nav className="cp-search__pager" part="search-pager" aria-label={t('search.results')}>
            <Button variant="secondary" disabled={state.page === 0} onClick={() => search.setPage(state.page - 1)}>
              {t('search.previous')}
            </Button>
            <span>{t('search.page', { page: state.page + 1, pages })}</span>
            <Button
              variant="secondary"
              disabled={state.page >= pages - 1}
              onClick={() => search.setPage(state.page + 1)}
            >
              {t('search.next')}
            </Button>
          </nav>
        ) : null}
      </div>
    </Dialog>
  );
}
