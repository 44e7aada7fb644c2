import {
  integrationProblems,
  type IntegrationTestResult,
  type MessageKey,
  type Office365PermissionTest,
} from '@cloudportal/core';
import { useCallback, useState, type ReactNode } from 'react';
import { useT } from '../../provider/PortalProvider';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { useLoad } from '../../ui/useLoad';
import { LoadedView, Section, SettingsForm, TestResultView, useRun, useSettingsApi } from './common';
import { useFormProblems } from '../../ui/useFormProblems';

type Kind = 'csp' | 'office365' | 'surveil';

const FIELDS: Record<Kind, { name: string; secret?: boolean; optional?: boolean }[]> = {
  csp: [
    { name: 'partnerTenantId' },
    { name: 'applicationId' },
    { name: 'applicationSecret', secret: true },
    { name: 'domain', optional: true },
  ],
  office365: [{ name: 'directoryId' }, { name: 'applicationId' }, { name: 'applicationSecret', secret: true }],
  surveil: [{ name: 'url' }, { name: 'apiKey', secret: true }],
};

/** One integration's form: save (secrets are kept when left blank), then test what was saved. */
function IntegrationForm({
  kind,
  initial,
  hasSecret: storedSecret,
  save,
  test,
  children,
}: {
  kind: Kind;
  initial: Record<string, string>;
  hasSecret: boolean;
  save: (form: Record<string, string>) => Promise<unknown>;
  test?: () => Promise<IntegrationTestResult>;
  children?: ReactNode;
}) {
  const t = useT();
  const { busy, run } = useRun();
  const [form, setForm] = useState<Record<string, string>>(initial);
  const [hasSecret, setHasSecret] = useState(storedSecret);
  const { problems, check } = useFormProblems();
  const [result, setResult] = useState<IntegrationTestResult | null>(null);
  const title = t(`settings.${kind}`);
  const submit = async () => {
    const found = check((t) => integrationProblems(kind, form, hasSecret, t));
    if (Object.keys(found).length > 0) return;
    const body = Object.fromEntries(
      Object.entries(form).filter(
        ([name, value]) =>
          value.trim() !== '' || !FIELDS[kind].some((f) => f.name === name && (f.secret || f.optional)),
      ),
    );
    if (
      await run(
        title,
        () => save(body),
        () => t('settings.saved', { section: title }),
      )
    ) {
      setHasSecret(true);
      setForm((f) =>
        Object.fromEntries(
          Object.entries(f).map(([n, v]) => [n, FIELDS[kind].some((d) => d.name === n && d.secret) ? '' : v]),
        ),
      );
    }
  };
  const runTest = async () => {
    if (!test) return;
    setResult((await run(title, test, undefined, 'settings.testFailed')) ?? null);
  };
  return (
    <div className="cp-settings__integration" role="group" aria-labelledby={`settings-${kind}-heading`}>
      <h3 id={`settings-${kind}-heading`}>{title}</h3>
      <SettingsForm label={title} onSubmit={() => void submit()}>
        {FIELDS[kind].map((f) => (
          <Field
            key={f.name}
            label={t(`settings.${kind}.${f.name}` as MessageKey)}
            type={f.secret ? 'password' : 'text'}
            autoComplete="off"
            hint={f.secret && hasSecret ? t('settings.secretKept') : undefined}
            value={form[f.name] ?? ''}
            error={problems[f.name]}
            onChange={(e) => setForm({ ...form, [f.name]: e.target.value })}
          />
        ))}
        <div className="cp-settings__actions">
          <Button type="submit" variant="primary" disabled={busy !== null}>
            {t('settings.save')}
          </Button>
          {test ? (
            <Button
              onClick={() => void runTest()}
              disabled={busy !== null}
              aria-label={`${t('settings.test')} ${title}`}
            >
              {busy === title ? t('settings.testing') : t('settings.test')}
            </Button>
          ) : null}
        </div>
      </SettingsForm>
      {result ? (
        <TestResultView
          result={result}
          label={`${title}: ${result.ok ? t('settings.testPassed') : t('settings.testFailed')}`}
        />
      ) : null}
      {children}
    </div>
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

// spec §7
/** The CSP, Office 365 and Surveil integrations — save, test, and (Office 365) grant permissions. */
export function IntegrationsSection() {
  const t = useT();
  const api = useSettingsApi();
  const [loaded, reload] = useLoad(useCallback(() => Promise.all([api.csp(), api.cspCustomerSettings()]), [api]));
  const [permissionsUrl, setPermissionsUrl] = useState<string | null>(null);
  const title = t('settings.integrations');
  return (
    <Section id="integrations" title={title}>
      <LoadedView loaded={loaded} section={title} onRetry={reload}>
        {([csp, customer]) => (
          <IntegrationForm
            kind="csp"
            initial={{
              partnerTenantId: text(csp.settings.partnerTenantId),
              applicationId: text(csp.settings.applicationId),
              applicationSecret: '',
              domain: text(csp.settings.domain),
            }}
            hasSecret={csp.hasSecret}
            save={(f) =>
              api.saveCsp({
                partnerTenantId: f.partnerTenantId ?? '',
                applicationId: f.applicationId ?? '',
                domain: f.domain,
                applicationSecret: f.applicationSecret,
              })
            }
            test={() => api.testCsp()}
          >
            <CspIntegrationSwitch enabled={customer.integration.enabled} mode={customer.integration.mode ?? 'gdap'} />
          </IntegrationForm>
        )}
      </LoadedView>
      <IntegrationForm
        kind="office365"
        initial={{ directoryId: '', applicationId: '', applicationSecret: '' }}
        hasSecret={false}
        save={async (f) =>
          setPermissionsUrl(
            (
              await api.saveOffice365({
                directoryId: f.directoryId ?? '',
                applicationId: f.applicationId ?? '',
                applicationSecret: f.applicationSecret,
              })
            ).permissionsUrl,
          )
        }
      >
        <Office365Permissions url={permissionsUrl} />
      </IntegrationForm>
      <IntegrationForm
        kind="surveil"
        initial={{ url: '', apiKey: '' }}
        hasSecret={false}
        save={(f) => api.saveSurveil({ url: f.url ?? '', apiKey: f.apiKey })}
        test={() => api.testSurveil()}
      />
    </Section>
  );
}

function CspIntegrationSwitch({
  enabled: initialEnabled,
  mode: initialMode,
}: {
  enabled: boolean;
  mode: 'gdap' | 'dap';
}) {
  const t = useT();
  const api = useSettingsApi();
  const { busy, run } = useRun();
  const [enabled, setEnabled] = useState(initialEnabled);
  const [mode, setMode] = useState(initialMode);
  const save = async (next: { enabled: boolean; mode: 'gdap' | 'dap' }) => {
    const answer = await run(
      t('settings.csp.integration'),
      () => api.saveCspIntegration(next),
      () => t('settings.saved', { section: t('settings.csp.integration') }),
    );
    if (answer) {
      setEnabled(answer.enabled);
      setMode(answer.mode ?? next.mode);
    }
  };
  return (
    <div className="cp-settings__inline">
      <label className="cp-settings__switch">
        <input
          type="checkbox"
          role="switch"
          checked={enabled}
          disabled={busy !== null}
          onChange={(e) => void save({ enabled: e.target.checked, mode })}
        />
        {t('settings.csp.integration')}
      </label>
      <label className="cp-settings__select">
        {t('settings.csp.mode')}
        <select
          value={mode}
          disabled={busy !== null || !enabled}
          onChange={(e) => void save({ enabled, mode: e.target.value as 'gdap' | 'dap' })}
        >
          <option value="gdap">{t('settings.csp.gdap')}</option>
          <option value="dap">{t('settings.csp.dap')}</option>
        </select>
      </label>
    </div>
  );
}

function Office365Permissions({ url }: { url: string | null }) {
  const t = useT();
  const api = useSettingsApi();
  const { busy, run } = useRun();
  const [msToken, setMsToken] = useState('');
  const [result, setResult] = useState<Office365PermissionTest | null>(null);
  const title = t('settings.office365');
  if (!url) return <p className="cp-settings__intro">{t('settings.office365.saveFirst')}</p>;
  const test = async () =>
    setResult((await run(title, () => api.testOffice365Permissions(url), undefined, 'settings.testFailed')) ?? null);
  const grant = async () =>
    setResult(
      (await run(title, () => api.addOffice365Permissions(url, msToken.trim()), undefined, 'settings.testFailed')) ??
        result,
    );
  return (
    <div className="cp-settings__permissions">
      <Button onClick={() => void test()} disabled={busy !== null}>
        {t('settings.office365.testPermissions')}
      </Button>
      {result ? (
        <TestResultView
          result={result}
          label={`${t('settings.office365.testPermissions')}: ${result.ok ? t('settings.testPassed') : t('settings.testFailed')}`}
        />
      ) : null}
      {result && result.missing.length > 0 ? (
        <SettingsForm label={t('settings.office365.grant')} onSubmit={() => void grant()}>
          <p>{t('settings.office365.missing', { permissions: result.missing.join(', ') })}</p>
          <Field
            label={t('settings.office365.msToken')}
            hint={t('settings.office365.msTokenHint')}
            type="password"
            autoComplete="off"
            value={msToken}
            onChange={(e) => setMsToken(e.target.value)}
          />
          <Button type="submit" variant="primary" disabled={busy !== null || !msToken.trim()}>
            {t('settings.office365.grant')}
          </Button>
        </SettingsForm>
      ) : null}
    </div>
  );
}
