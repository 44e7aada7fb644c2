import { brandingFileProblem, isApiError, portalShell, type BrandingFileKind } from '@cloudportal/core';
import { useCallback, useState, type ChangeEvent } from 'react';
import { usePortalClient, useT } from '../../provider/PortalProvider';
import { Button } from '../../ui/Button';
import { useLoad } from '../../ui/useLoad';
import { LoadedView, Section, useRun, useSettingsApi } from './common';

const KINDS = ['branding-logo', 'branding-logo-short', 'branding-icon'] as const satisfies readonly BrandingFileKind[];

// spec §3 "Branding", §7
/** Files: the tenant's logo, short logo and icon — upload, preview, delete. */
export function BrandingSection() {
  const t = useT();
  return (
    <Section id="branding" title={t('settings.branding')} intro={t('settings.branding.intro')}>
      <div className="cp-settings__branding">
        {KINDS.map((kind) => (
          <BrandingFile key={kind} kind={kind} />
        ))}
      </div>
    </Section>
  );
}

function BrandingFile({ kind }: { kind: (typeof KINDS)[number] }) {
  const t = useT();
  const client = usePortalClient();
  const api = useSettingsApi();
  const { busy, run } = useRun();
  const name = t(`settings.branding.${kind}`);
  const [problem, setProblem] = useState<string | null>(null);
  // The stored file's address, or null when the tenant has none (the default is shown). The server's
  // own URL, never a blob: copy: its sandboxing headers must stay on the image.
  const [loaded, reload] = useLoad(
    useCallback(
      () =>
        api.file(kind).then(
          (info) => client.http.url(info.contentUrl),
          (error: unknown) => {
            if (isApiError(error, 404)) return null;
            throw error;
          },
        ),
      [api, kind, client],
    ),
  );

  // The shell shows the new branding at once.
  const refreshShell = () => {
    const account = client.account.$account.get();
    void portalShell(client).branding.load(account.status === 'loaded' ? account.settings : null);
    reload();
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const found = brandingFileProblem(file, t);
    setProblem(found);
    if (found) return;
    if (
      await run(
        name,
        () => api.uploadFile(kind, file, file.name),
        () => t('settings.branding.uploaded', { kind: name }),
      )
    )
      refreshShell();
  };
  const remove = async () => {
    const answer = await client.confirm({
      icon: 'question',
      title: t('settings.branding.deleteConfirm', { kind: name }),
      showCancelButton: true,
    });
    if (!answer?.result) return;
    if (
      (await run(
        name,
        () => api.deleteFile(kind).then(() => true),
        () => t('settings.branding.deleted', { kind: name }),
      )) !== undefined
    )
      refreshShell();
  };
  const inputId = `settings-upload-${kind}`;
  return (
    <div className="cp-settings__file" role="group" aria-label={name}>
      <h3>{name}</h3>
      <div className="cp-settings__preview">
        <LoadedView loaded={loaded} section={name} onRetry={reload}>
          {(src) =>
            src ? (
              <img src={src} alt={t('settings.branding.preview', { kind: name })} />
            ) : (
              <p>{t('settings.branding.none')}</p>
            )
          }
        </LoadedView>
      </div>
      <label htmlFor={inputId} className="cp-settings__upload">
        {t('settings.branding.upload', { kind: name })}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/png,image/jpeg,image/svg+xml,image/x-icon"
        disabled={busy !== null}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${inputId}-error` : undefined}
        onChange={(e) => void upload(e)}
      />
      {problem ? (
        <span id={`${inputId}-error`} className="cp-field__error">
          {problem}
        </span>
      ) : null}
      {loaded.state === 'loaded' && loaded.value ? (
        <Button onClick={() => void remove()} disabled={busy !== null}>
          {t('settings.branding.delete', { kind: name })}
        </Button>
      ) : null}
    </div>
  );
}
