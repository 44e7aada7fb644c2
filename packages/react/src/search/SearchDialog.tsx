import {
  registerMessages,
  searchEn,
  searchTagsText,
  SEARCH_GRID_HEIGHT,
  type SearchResult,
  type SearchState,
} from '@cloudportal/core';
import { useId } from 'react';
import { useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { ProgressBar } from '../ui/ProgressBar';
import { useStyles } from '../ui/useStyles';
import css from './SearchDialog.css?inline';
import { useSearchDialog } from './useSearchDialog';

registerMessages(searchEn);

/**
 * Props of {@link SearchDialog}.
 * @public
 */
export interface SearchDialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** Called when the user closes it (Escape, the backdrop, Close) or after a result was chosen. */
  onClose: () => void;
  /** Called with the result the user chose (click or Enter); the dialog closes after. */
  onChoose: (result: SearchResult) => void;
}

// spec §2 "Search dialog"
/**
 * The text box 'What would you like to find?', searched after a 1000 ms
 * pause when not empty (`portalSearch(client)`, scoped to the selected personas); a progress bar
 * while loading; the total results count; 'No results...'; a paged grid 400 px high whose rows
 * list the path, the description when there is one, and the tags joined or '-'. Arrow keys move
 * through the page's results (PageUp/PageDown change page), Enter opens the active one, Escape
 * closes and focus returns where it was. Everything from the server is rendered as text.
 *
 * Parts: `search-dialog`, `search-input`, `search-results`, `search-result`, `search-pager`.
 * @public
 */
export function SearchDialog({ open, onClose, onChoose }: SearchDialogProps) {
  const t = useT();
  const id = useId();
  const ref = useStyles<HTMLDivElement>(css);
  const { search, state, rows, pages, active, setActive, choose, onKeyDown } = useSearchDialog({
    open,
    onClose,
    onChoose,
  });
  const loading = state.status === 'loading' || state.status === 'waiting';
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
        <SearchStatus status={state.status} count={state.results.length} />
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
        {pages > 1 ? <SearchPager page={state.page} pages={pages} onPage={(page) => search.setPage(page)} /> : null}
      </div>
    </Dialog>
  );
}

/** Under the text box: a progress bar while the search loads, and (once done) how many results there are. */
function SearchStatus({ status, count }: { status: SearchState['status']; count: number }) {
  const t = useT();
  return (
    <div className="cp-search__status">
      {status === 'loading' ? <ProgressBar label={t('search.loading')} /> : null}
      <p role="status" className="cp-search__count">
        {status === 'done'
          ? count === 0
            ? t('search.none')
            : count === 1
              ? t('search.count.one')
              : t('search.count', { count })
          : ''}
      </p>
    </div>
  );
}

/** Previous, 'Page n of m' and Next, when the results fill more than one page. */
function SearchPager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const t = useT();
  return (
    <nav className="cp-search__pager" part="search-pager" aria-label={t('search.results')}>
      <Button variant="secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('search.previous')}
      </Button>
      <span>{t('search.page', { page: page + 1, pages })}</span>
      <Button variant="secondary" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        {t('search.next')}
      </Button>
    </nav>
  );
}
