import { createSettingsApi, type IntegrationTestResult, type MessageKey, type SettingsApi } from '@cloudportal/core';
import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { usePortalClient, useT } from '../../provider/PortalProvider';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import type { Loaded } from '../../ui/useLoad';

// spec §7
/** The settings service of the page's client, made once per client. */
export function useSettingsApi(): SettingsApi {
  const client = usePortalClient();
  return useMemo(() => createSettingsApi(client.http), [client]);
}

/** One section of the dashboard: a labelled region with its heading. */
export function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section
      className="cp-settings__section cp-page-section"
      id={`settings-${id}`}
      aria-labelledby={`settings-${id}-title`}
    >
      <h2 id={`settings-${id}-title`}>{title}</h2>
      {intro ? <p className="cp-settings__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

/** What a section shows while its data loads or after it failed; `children` once it has loaded. */
export function LoadedView<T>({
  loaded,
  section,
  onRetry,
  children,
}: {
  loaded: Loaded<T>;
  section: string;
  onRetry: () => void;
  children: (value: T) => ReactNode;
}) {
  const t = useT();
  if (loaded.state === 'loading') return <Skeleton label={t('settings.loading', { section })} />;
  if (loaded.state === 'failed') {
    return (
      <div role="alert" className="cp-settings__failed">
        <p>{t('settings.failed', { section })}</p>
        <Button onClick={onRetry}>{t('settings.retry')}</Button>
      </div>
    );
  }
  return <>{children(loaded.value)}</>;
}

/**
 * Runs an administrator's action: busy while it runs, a success toast after, the server's reason in
 * an error toast when it fails (nothing typed is lost: the form keeps its values).
 */
export function useRun() {
  const client = usePortalClient();
  const t = useT();
  const [busy, setBusy] = useState<string | null>(null);
  const run = useCallback(
    async <T,>(
      name: string,
      action: () => Promise<T>,
      success?: (value: T) => string,
      failure?: MessageKey,
    ): Promise<T | undefined> => {
      setBusy(name);
      try {
        const value = await action();
        if (success) client.toast({ kind: 'success', title: success(value) });
        return value;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        client.toast({
          kind: 'error',
          title: t(failure ?? 'settings.saveFailed', { section: name, reason }),
          text: failure ? reason : undefined,
        });
        return undefined;
      } finally {
        setBusy(null);
      }
    },
    [client, t],
  );
  return { busy, run };
}

/** A form that checks itself before `onSubmit` runs; native validation is replaced by ours. */
export function SettingsForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="cp-settings__form" aria-label={label} noValidate onSubmit={submit}>
      {children}
    </form>
  );
}

/** A test call's answer: passed or failed, its summary and each check. */
export function TestResultView({ result, label }: { result: IntegrationTestResult; label: string }) {
  const t = useT();
  return (
    <div className="cp-settings__result" role="status" aria-label={label} data-ok={result.ok}>
      <p>
        <strong>{result.ok ? t('settings.testPassed') : t('settings.testFailed')}</strong> {result.message}
      </p>
      <ul>
        {result.checks.map((check) => (
          <li key={check.name} data-ok={check.ok}>
            <span aria-hidden="true">{check.ok ? '✓' : '✗'}</span> {check.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
