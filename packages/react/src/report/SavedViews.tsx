import { validateViewName } from '@cloudportal/core';
import type { SavedViewsStore } from '@cloudportal/core/embed';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useStyles } from '../ui/useStyles';
import css from './report.css?inline';

/**
 * Props of {@link SavedViewsPopup} and {@link AddViewDialog}.
 * @public
 */
export interface SavedViewsDialogProps {
  /** The saved views of the report (`ReportViewStore.views`). */
  store: SavedViewsStore;
  /** Whether the dialog is shown. */
  open: boolean;
  /** Called when the dialog closes (Close, Escape, the backdrop, or once a view was applied or saved). */
  onClose: () => void;
}

// spec §4 / §5
/**
 * The views popup (the bookmark manager): the Default View and the saved views of
 * this page and tab, filtered by name; choosing one applies it; deletions are queued (and can be
 * taken back) and applied when the popup closes.
 * @public
 */
export function SavedViewsPopup({ store, open, onClose }: SavedViewsDialogProps) {
  const ref = useStyles<HTMLDivElement>(css);
  const t = useT();
  const id = useId();
  const state = useStore(store.$state);
  const listed = useStore(store.$listed);
  const close = () => {
    onClose();
    void store.closePopup();
  };
  const choose = (entryId: string | null) => {
    close();
    void store.select(entryId);
  };
  const pending = state.pendingDeletes.size;
  return (
    <div ref={ref}>
      <Dialog open={open} onClose={close} labelledBy={`${id}-title`} className="cp-views" part="views-dialog">
        <h2 id={`${id}-title`}>{t('views.title')}</h2>
        <input
          type="search"
          className="cp-views__filter"
          aria-label={t('views.filter')}
          placeholder={t('views.filter')}
          value={state.filter}
          onChange={(e) => store.setFilter(e.target.value)}
        />
        <ul className="cp-views__list" aria-labelledby={`${id}-title`}>
          <li>
            <button
              type="button"
              className="cp-views__choose"
              aria-current={state.activeId === null ? 'true' : undefined}
              onClick={() => choose(null)}
            >
              {t('views.defaultName')}
              <Applied />
            </button>
          </li>
          {listed.map((view) => (
            <li key={view.entryId}>
              <button
                type="button"
                className="cp-views__choose"
                aria-current={state.activeId === view.entryId ? 'true' : undefined}
                onClick={() => choose(view.entryId)}
                translate="no"
              >
                {view.name}
                <Applied />
              </button>
              <button
                type="button"
                className="cp-views__delete"
                aria-label={t('views.delete', { name: view.name })}
                onClick={() => store.toggleDelete(view.entryId)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        {state.views.length === 0 ? (
          <p>{t('views.empty')}</p>
        ) : listed.length === 0 && state.filter.trim() ? (
          <p>{t('views.noMatch')}</p>
        ) : null}
        {pending > 0 ? (
          <div className="cp-views__pending" role="status">
            <p>{t('views.pendingDelete', { count: pending })}</p>
            <ul>
              {state.views
                .filter((v) => state.pendingDeletes.has(v.entryId))
                .map((v) => (
                  <li key={v.entryId}>
                    <s translate="no">{v.name}</s>{' '}
                    <button type="button" onClick={() => store.toggleDelete(v.entryId)}>
                      {t('views.undoDelete', { name: v.name })}
                    </button>
                  </li>
                ))}
            </ul>
          </div>
        ) : null}
        <div className="cp-views__foot">
          <Button variant="primary" onClick={close}>
            {t('views.close')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** The applied view's check mark: shown by CSS on the current one; its state is `aria-current`, so the mark stays out of the name. */
function Applied() {
  return (
    <span className="cp-views__applied" aria-hidden="true">
      ✓
    </span>
  );
}

// spec §4 / §5
/**
 * The add-view dialog: a name, required, trimmed, at most 40 characters, not the
 * reserved 'Default View'; the rule broken is shown as the user types, and Save stays disabled until
 * the name is valid. A name already taken is saved with ' (n)'.
 * @public
 */
export function AddViewDialog({ store, open, onClose }: SavedViewsDialogProps) {
  const ref = useStyles<HTMLDivElement>(css);
  const t = useT();
  const id = useId();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const busy = useStore(store.$state).busy;
  const error = serverError ?? validateViewName(name, t);
  const close = () => {
    setName('');
    setTouched(false);
    setServerError(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (validateViewName(name, t)) return;
    const broken = await store.save(name);
    if (broken) setServerError(broken);
    else close();
  };
  return (
    <div ref={ref}>
      <Dialog open={open} onClose={close} labelledBy={`${id}-title`} className="cp-views" part="add-view-dialog">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <h2 id={`${id}-title`}>{t('views.add.title')}</h2>
          <label htmlFor={`${id}-name`}>{t('views.add.name')}</label>
          <input
            id={`${id}-name`}
            data-autofocus=""
            value={name}
            aria-invalid={touched && !!error}
            aria-describedby={`${id}-hint ${id}-error`}
            onChange={(e) => {
              setName(e.target.value);
              setTouched(true);
              setServerError(null);
            }}
          />
          <p id={`${id}-hint`} className="cp-views__hint">
            {t('views.add.hint')}
          </p>
          <p id={`${id}-error`} className="cp-views__error" role="alert">
            {touched && error ? error : ''}
          </p>
          <div className="cp-views__foot">
            <Button onClick={close}>{t('views.add.cancel')}</Button>
            {/* A failure of the last try (capture, server) leaves Save enabled: trying again is the way on. */}
            <Button type="submit" variant="primary" disabled={!touched || !!validateViewName(name, t) || busy}>
              {t('views.add.save')}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

/**
 * Props of {@link SavedViews}.
 * @public
 */
export interface SavedViewsProps {
  /** The report's saved views (`ReportViewStore.views`); null while there is no report to bind to (the buttons are disabled). */
  store: SavedViewsStore | null;
}

// spec §4 / §5
/**
 * The bookmark manager as two buttons: 'Saved views' opens the views popup
 * ({@link SavedViewsPopup}) and 'Save the current view' the add-view dialog ({@link AddViewDialog}).
 * Both are disabled until the report has loaded and its views are read.
 * @public
 */
export function SavedViews({ store }: SavedViewsProps) {
  const t = useT();
  const [dialog, setDialog] = useState<'views' | 'add' | null>(null);
  const ready = useStore(store?.$state ?? IDLE).status === 'ready';
  return (
    <>
      <Button aria-haspopup="dialog" disabled={!ready} onClick={() => setDialog('views')}>
        {t('report.views')}
      </Button>
      <Button aria-haspopup="dialog" disabled={!ready} onClick={() => setDialog('add')}>
        {t('report.addView')}
      </Button>
      {store ? (
        <>
          <SavedViewsPopup store={store} open={dialog === 'views'} onClose={() => setDialog(null)} />
          <AddViewDialog store={store} open={dialog === 'add'} onClose={() => setDialog(null)} />
        </>
      ) : null}
    </>
  );
}

const IDLE = atom({ status: 'idle' as const });
