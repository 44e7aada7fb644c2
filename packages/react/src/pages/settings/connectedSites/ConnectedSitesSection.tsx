import {
  connectedSiteProblems,
  createConnectedSitesApi,
  SITE_SECRETS_MAX,
  type ConnectedSite,
  type ConnectedSitesApi,
  type MessageKey,
  type NewSiteSecret,
} from '@cloudportal/core';
import { Fragment, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocale, usePortalClient, useT } from '../../../provider/PortalProvider';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { useFormProblems } from '../../../ui/useFormProblems';
import { useLoad } from '../../../ui/useLoad';
import { LoadedView, Section, SettingsForm, useRun } from '../common';
import { NEW_SITE, siteForm, siteInput, type SiteFormState } from './siteForm';

/** The connected sites' calls of the page's client, made once per client. */
function useSitesApi(): ConnectedSitesApi {
  const client = usePortalClient();
  return useMemo(() => createConnectedSitesApi(client.http), [client]);
}

/** A date and time in the active locale. */
function useDateTime(): (iso: string) => string {
  const locale = useLocale();
  const format = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }), [locale]);
  return (iso) => format.format(new Date(iso));
}

/** A secret made just now, with the site it signs for: shown once. */
interface ShownSecret {
  siteId: string;
  siteName: string;
  secret: NewSiteSecret;
}

/**
 * The "Connected sites" section of the settings: the tenant's partner websites — their origins, the pieces each may
 * show, their signing secrets (shown once, two while one is rotated) or keys — with enable, disable,
 * delete, and the trail of every change.
 */
export function ConnectedSitesSection() {
  const t = useT();
  const api = useSitesApi();
  const [loaded, reload] = useLoad(useCallback(() => api.list(), [api]));
  const [editing, setEditing] = useState<ConnectedSite | 'new' | null>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [changes, setChanges] = useState(0);
  const title = t('settings.sites');
  const changed = () => {
    reload();
    setChanges((n) => n + 1);
  };
  return (
    <Section id="connected-sites" title={title} intro={t('settings.sites.intro')}>
      {shown ? <SecretShownOnce shown={shown} onDone={() => setShown(null)} /> : null}
      {editing ? (
        <SiteEditor
          api={api}
          site={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(secret) => {
            setEditing(null);
            if (secret) setShown(secret);
            changed();
          }}
        />
      ) : (
        <div className="cp-settings__actions">
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('settings.sites.add')}
          </Button>
        </div>
      )}
      <LoadedView loaded={loaded} section={title} onRetry={reload}>
        {(sites) =>
          sites.length === 0 ? (
            <p>{t('settings.sites.none')}</p>
          ) : (
            <ul className="cp-settings__sites">
              {sites.map((site) => (
                <SiteCard
                  key={site.id}
                  api={api}
                  site={site}
                  onEdit={() => setEditing(site)}
                  onChanged={changed}
                  onSecret={setShown}
                />
              ))}
            </ul>
          )
        }
      </LoadedView>
      <SiteChanges api={api} version={changes} />
    </Section>
  );
}

/** The site's id, its new secret's id and value, to copy once; they are not shown again. */
function SecretShownOnce({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  const t = useT();
  return (
    <div
      className="cp-settings__secret"
      role="group"
      aria-label={t('settings.sites.secretFor', { name: shown.siteName })}
    >
      <p role="status">{t('settings.sites.secretOnce')}</p>
      <Field label={t('settings.sites.siteId')} readOnly value={shown.siteId} translate="no" />
      <Field label={t('settings.sites.secretId')} readOnly value={shown.secret.id} translate="no" />
      <Field label={t('settings.sites.secret')} readOnly value={shown.secret.value} translate="no" />
      <div className="cp-settings__actions">
        <Button onClick={onDone}>{t('settings.sites.done')}</Button>
      </div>
    </div>
  );
}

const PIECES = ['assistant', 'search', 'feedback', 'savedViews'] as const;

/** Adds a site, or changes one: checked with the server's own rule before it is sent. */
function SiteEditor({
  api,
  site,
  onCancel,
  onSaved,
}: {
  api: ConnectedSitesApi;
  site: ConnectedSite | null;
  onCancel: () => void;
  onSaved: (secret: ShownSecret | null) => void;
}) {
  const t = useT();
  const { busy, run } = useRun();
  const [form, setForm] = useState<SiteFormState>(() => (site ? siteForm(site) : NEW_SITE));
  const { problems, check } = useFormProblems<'name' | 'origins' | 'pieces' | 'jwksUrl' | 'publicKey'>();
  const label = site ? t('settings.sites.edit', { name: site.name }) : t('settings.sites.add');
  const text = (name: 'name' | 'jwksUrl') => ({
    value: form[name],
    error: problems[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });
  const nameField = text('name');
  const jwksField = text('jwksUrl');
  const save = async () => {
    const input = siteInput(form, site?.enabled);
    // The server knows whether it runs in development (loopback http origins); it checks again.
    if (Object.keys(check((t) => connectedSiteProblems(input, { development: true }, t))).length > 0) return;
    if (site) {
      const saved = await run(
        label,
        () => api.update(site.id, input),
        (s) => t('settings.sites.saved', { name: s.name }),
      );
      if (saved) onSaved(null);
      return;
    }
    const created = await run(
      label,
      () => api.create(input),
      (c) => t('settings.sites.created', { name: c.site.name }),
    );
    if (created) onSaved({ siteId: created.site.id, siteName: created.site.name, secret: created.secret });
  };
  return (
    <SettingsForm label={label} onSubmit={() => void save()}>
      <h3>{label}</h3>
      <Field label={t('settings.sites.name')} {...nameField} />
      <Field
        multiline
        rows={3}
        label={t('settings.sites.origins')}
        hint={t('settings.sites.originsHint')}
        value={form.origins}
        error={problems.origins}
        onChange={(e) => setForm({ ...form, origins: e.target.value })}
      />
      <PiecesFieldset form={form} setForm={setForm} error={problems.pieces} />
      <Field label={t('settings.sites.jwksUrl')} hint={t('settings.sites.keysHint')} {...jwksField} />
      <Field
        multiline
        rows={3}
        label={t('settings.sites.publicKey')}
        value={form.publicKey}
        error={problems.publicKey}
        onChange={(e) => setForm({ ...form, publicKey: e.target.value })}
      />
      <div className="cp-settings__actions">
        <Button type="submit" variant="primary" disabled={busy !== null}>
          {busy ? t('settings.saving') : t('settings.save')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </div>
    </SettingsForm>
  );
}

/** The pieces a site may show: four switches, and all pages or reports or a list of them. */
function PiecesFieldset({
  form,
  setForm,
  error,
}: {
  form: SiteFormState;
  setForm: (form: SiteFormState) => void;
  error: string | undefined;
}) {
  const t = useT();
  const list = (kind: 'pages' | 'reports', all: 'pagesAll' | 'reportsAll') => (
    <div className="cp-settings__inline">
      <label className="cp-settings__switch">
        <input type="checkbox" checked={form[all]} onChange={(e) => setForm({ ...form, [all]: e.target.checked })} />
        {t(`settings.sites.all.${kind}`)}
      </label>
      {form[all] ? null : (
        <Field
          label={t(`settings.sites.${kind}`)}
          hint={t(`settings.sites.${kind}Hint`)}
          value={form[kind]}
          onChange={(e) => setForm({ ...form, [kind]: e.target.value })}
        />
      )}
    </div>
  );
  const pagesList = list('pages', 'pagesAll');
  const reportsList = list('reports', 'reportsAll');
  return (
    <fieldset className="cp-settings__pieces" aria-describedby={error ? 'settings-sites-pieces-error' : undefined}>
      <legend>{t('settings.sites.pieces')}</legend>
      {PIECES.map((piece) => (
        <label key={piece} className="cp-settings__switch">
          <input
            type="checkbox"
            checked={form[piece]}
            onChange={(e) => setForm({ ...form, [piece]: e.target.checked })}
          />
          {t(`settings.sites.piece.${piece}`)}
        </label>
      ))}
      {pagesList}
      {reportsList}
      {error ? (
        <p id="settings-sites-pieces-error" className="cp-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One site: what it is, its secrets, and what an administrator may do with it. */
function SiteCard({
  api,
  site,
  onEdit,
  onChanged,
  onSecret,
}: {
  api: ConnectedSitesApi;
  site: ConnectedSite;
  onEdit: () => void;
  onChanged: () => void;
  onSecret: (shown: ShownSecret) => void;
}) {
  const t = useT();
  const client = usePortalClient();
  const { busy, run } = useRun();
  const name = site.name;
  const toggle = async () => {
    const input = { ...siteInput(siteForm(site)), enabled: !site.enabled };
    if (
      await run(
        name,
        () => api.update(site.id, input),
        (s) => t(s.enabled ? 'settings.sites.nowEnabled' : 'settings.sites.nowDisabled', { name }),
      )
    )
      onChanged();
  };
  const remove = async () => {
    const answer = await client.confirm({
      icon: 'question',
      title: t('settings.sites.deleteConfirm', { name }),
      showCancelButton: true,
    });
    if (!answer?.result) return;
    if (
      (await run(
        name,
        () => api.remove(site.id).then(() => true),
        () => t('settings.sites.deleted', { name }),
      )) !== undefined
    )
      onChanged();
  };
  const addSecret = async () => {
    const secret = await run(name, () => api.addSecret(site.id));
    if (secret) {
      onSecret({ siteId: site.id, siteName: name, secret });
      onChanged();
    }
  };
  const revoke = async (id: string) => {
    if (
      (await run(
        name,
        () => api.revokeSecret(site.id, id).then(() => true),
        () => t('settings.sites.revoked', { id }),
      )) !== undefined
    )
      onChanged();
  };
  return (
    <li className="cp-settings__site" aria-labelledby={`site-${site.id}`} data-enabled={site.enabled}>
      <h3 id={`site-${site.id}`} translate="no">
        {name}
      </h3>
      <SiteFacts site={site} />
      <SecretsList site={site} busy={busy !== null} onRevoke={(id) => void revoke(id)} />
      <div className="cp-settings__actions">
        <Button onClick={onEdit}>{t('settings.sites.editButton', { name })}</Button>
        <Button onClick={() => void toggle()} disabled={busy !== null}>
          {t(site.enabled ? 'settings.sites.disable' : 'settings.sites.enable', { name })}
        </Button>
        <Button onClick={() => void addSecret()} disabled={busy !== null || site.secrets.length >= SITE_SECRETS_MAX}>
          {t('settings.sites.addSecret', { name })}
        </Button>
        <Button onClick={() => void remove()} disabled={busy !== null}>
          {t('settings.sites.delete', { name })}
        </Button>
      </div>
    </li>
  );
}

/** A site's state, origins and pieces, as a description list. */
function SiteFacts({ site }: { site: ConnectedSite }) {
  const t = useT();
  const { pieces } = site;
  // What a tenant typed (page names, report ids) is shown as it is: translate="no".
  const shows: ReactNode[] = [
    ...PIECES.filter((piece) => pieces[piece]).map((piece) => t(`settings.sites.piece.${piece}`)),
    ...(['pages', 'reports'] as const)
      .filter((kind) => pieces[kind] === 'all' || pieces[kind].length > 0)
      .map((kind) =>
        pieces[kind] === 'all' ? (
          t(`settings.sites.all.${kind}`)
        ) : (
          <span key={kind}>
            {t(`settings.sites.${kind}`)}: <span translate="no">{(pieces[kind] as string[]).join(', ')}</span>
          </span>
        ),
      ),
  ];
  return (
    <dl className="cp-settings__facts">
      <dt>{t('settings.sites.state')}</dt>
      <dd>{t(site.enabled ? 'settings.sites.enabled' : 'settings.sites.disabled')}</dd>
      <dt>{t('settings.sites.origins')}</dt>
      <dd translate="no">{site.origins.join(', ')}</dd>
      <dt>{t('settings.sites.pieces')}</dt>
      <dd>
        {shows.map((shown, i) => (
          <Fragment key={i}>
            {i > 0 ? ', ' : null}
            {shown}
          </Fragment>
        ))}
      </dd>
      <dt>{t('settings.sites.siteId')}</dt>
      <dd translate="no">{site.id}</dd>
    </dl>
  );
}

/** A site's signing secrets by id and date, each with its revoke button; its keys when it has them. */
function SecretsList({ site, busy, onRevoke }: { site: ConnectedSite; busy: boolean; onRevoke: (id: string) => void }) {
  const t = useT();
  const date = useDateTime();
  return (
    <div>
      <h4>{t('settings.sites.secrets')}</h4>
      {site.secrets.length === 0 ? (
        <p>{t(site.jwksUrl || site.publicKey ? 'settings.sites.keysOnly' : 'settings.sites.noSecret')}</p>
      ) : null}
      <ul>
        {site.secrets.map((secret) => (
          <li key={secret.id}>
            <span translate="no">{secret.id}</span>{' '}
            {t('settings.sites.secretCreated', { date: date(secret.createdAt) })}{' '}
            <Button onClick={() => onRevoke(secret.id)} disabled={busy}>
              {t('settings.sites.revoke', { id: secret.id })}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The tenant's last changes of its connected sites (the audit trail), newest first. */
function SiteChanges({ api, version }: { api: ConnectedSitesApi; version: number }) {
  const t = useT();
  const date = useDateTime();
  const [loaded, reload] = useLoad(useCallback(() => api.changes(), [api]));
  // Read again after each change made here.
  useEffect(() => {
    if (version > 0) reload();
  }, [version, reload]);
  const title = t('settings.sites.changes');
  return (
    <div className="cp-settings__changes">
      <h3>{title}</h3>
      <LoadedView loaded={loaded} section={title} onRetry={reload}>
        {(changes) =>
          changes.length === 0 ? (
            <p>{t('settings.sites.noChanges')}</p>
          ) : (
            <ul>
              {changes.slice(0, 20).map((change, i) => (
                <li key={`${change.at}-${i}`}>
                  {t(`settings.sites.change.${change.action}` as MessageKey, { by: change.by, site: change.siteName })}{' '}
                  <small>{date(change.at)}</small>
                </li>
              ))}
            </ul>
          )
        }
      </LoadedView>
    </div>
  );
}
