import {
  createFeatureDataApi,
  DATASETS,
  formatDataCell,
  registerMessages,
  releaseNotesEn,
  type DataRow,
  type Translate,
} from '@cloudportal/core';
import { useCallback, useId, useMemo, useState } from 'react';
import { useLocale, usePortalClient, useT } from '../../provider/PortalProvider';
import type { FeatureComponentProps } from '../../shell/featureRegistry';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { useLoad } from '../../ui/useLoad';
import { useStyles } from '../../ui/useStyles';
import css from './ReleaseNotes.css?inline';

/** The areas a note may belong to, in display order (core's `releaseNotes` dataset). */
const AREAS: readonly string[] = DATASETS.releaseNotes.columns.find((c) => c.id === 'area')?.options ?? [];

registerMessages(releaseNotesEn);

/** One released version and its notes. */
interface Version {
  version: string;
  released: string;
  notes: DataRow[];
}

/** Groups rows (newest release first) by version, keeping their order. */
function byVersion(rows: readonly DataRow[]): Version[] {
  const out: Version[] = [];
  for (const row of rows) {
    const version = String(row.version);
    let v = out.find((x) => x.version === version);
    if (!v) out.push((v = { version, released: String(row.released), notes: [] }));
    v.notes.push(row);
  }
  return out;
}

// spec §2 "A loader opens feature pages by component name"
/**
 * The portal's release notes (the page is
 * ours): one article per version, newest first, headed "Version X.Y — date", its notes listed with
 * their kind (New, Improved, Fixed) as a badge and their area; a select narrows them to one area.
 * The host renders the page's h1: the versions are h2. Loading, failed (message and Retry) and empty
 * states as the dataset pages show them.
 */
export default function ReleaseNotes(_props: Partial<FeatureComponentProps>) {
  const ref = useStyles<HTMLElement>(css);
  const t = useT();
  const client = usePortalClient();
  const api = useMemo(() => createFeatureDataApi(client.http), [client]);
  const [loaded, reload] = useLoad(
    useCallback(() => api.page('releaseNotes', { sort: [{ id: 'released', desc: true }], limit: 1000 }), [api]),
  );
  const [area, setArea] = useState('');
  const selectId = useId();

  let body;
  if (loaded.state === 'loading') body = <Skeleton height={160} shape="rect" label={t('releaseNotes.loading')} />;
  else if (loaded.state === 'failed') {
    body = (
      <div role="alert" className="cp-release-notes__state">
        <p>{t('releaseNotes.failed')}</p>
        <Button variant="primary" onClick={reload}>
          {t('releaseNotes.retry')}
        </Button>
      </div>
    );
  } else if (loaded.value.rows.length === 0) {
    body = (
      <div role="status" className="cp-release-notes__state">
        <p>
          <strong>{t('releaseNotes.empty')}</strong>
        </p>
        <p>{t('releaseNotes.emptyText')}</p>
      </div>
    );
  } else {
    const versions = byVersion(area ? loaded.value.rows.filter((r) => r.area === area) : loaded.value.rows);
    body = (
      <>
        <div className="cp-release-notes__filter">
          <label htmlFor={selectId}>{t('releaseNotes.area')}</label>
          <select id={selectId} value={area} onChange={(e) => setArea(e.target.value)}>
            <option value="">{t('releaseNotes.allAreas')}</option>
            {AREAS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        {versions.length === 0 ? <p role="status">{t('releaseNotes.emptyArea')}</p> : null}
        {versions.map((v) => (
          <VersionNotes key={v.version} version={v} />
        ))}
      </>
    );
  }
  return (
    <section
      ref={ref}
      className="cp-release-notes"
      aria-label={t('releaseNotes.title')}
      part="release-notes"
      data-status={loaded.state}
    >
      {body}
    </section>
  );
}

/** One version: an article headed by its number and release day. */
function VersionNotes({ version }: { version: Version }) {
  const t = useT();
  const locale = useLocale();
  const headingId = useId();
  const date = formatDataCell(version.released, 'date', { currency: 'USD', locale, yes: '', no: '' });
  return (
    <article className="cp-release-notes__version" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('releaseNotes.version', { version: version.version, date })}</h2>
      <ul className="cp-release-notes__notes">
        {version.notes.map((n) => (
          <li key={n.id} className="cp-release-notes__note" data-kind={String(n.kind)}>
            <div className="cp-release-notes__head">
              <span className="cp-release-notes__badge">{kindLabel(String(n.kind), t)}</span>
              {/* The notes are the server's authored content, not texts of ours. */}
              <strong translate="no">{String(n.title)}</strong>
              <span className="cp-release-notes__area" translate="no">
                {String(n.area)}
              </span>
            </div>
            <p translate="no">{String(n.description)}</p>
          </li>
        ))}
      </ul>
    </article>
  );
}

/** The label of a note's kind. */
function kindLabel(kind: string, t: Translate): string {
  return kind === 'New' || kind === 'Improved' || kind === 'Fixed' ? t(`releaseNotes.kind.${kind}`) : kind;
}
