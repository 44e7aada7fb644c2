import { formatDataCell, licenseKeyProblem, type TenantLicense } from '@cloudportal/core';
import { useCallback, useState } from 'react';
import { useLocale, useT } from '../../provider/PortalProvider';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { useLoad } from '../../ui/useLoad';
import { ScrollBox } from '../ScrollBox';
import { LoadedView, Section, SettingsForm, useRun, useSettingsApi } from './common';

// spec §3 "Tenant licenses"
/** The tenant's licences, activated and de-activated by key. */
export function LicensesSection({ onChange }: { onChange?: () => void }) {
  const t = useT();
  const locale = useLocale();
  const api = useSettingsApi();
  const { busy, run } = useRun();
  const [loaded, reload] = useLoad(useCallback(() => api.licenses(), [api]));
  const [key, setKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const title = t('settings.licenses');

  const change = async (licenseKey: string, activate: boolean) => {
    const done = await run(
      licenseKey,
      () => (activate ? api.activateLicense(licenseKey) : api.deactivateLicense(licenseKey)),
      (l: TenantLicense) =>
        t(activate ? 'settings.licenses.activated' : 'settings.licenses.deactivated', { key: l.licenseKey }),
    );
    if (done) {
      reload();
      onChange?.();
    }
    return done;
  };
  const activateTyped = async () => {
    const found = licenseKeyProblem(key, t);
    setProblem(found);
    if (found) return;
    if (await change(key.trim(), true)) setKey('');
  };

  return (
    <Section id="licences" title={title}>
      <LoadedView loaded={loaded} section={title} onRetry={reload}>
        {(licenses) =>
          licenses.length === 0 ? (
            <p>{t('settings.licenses.none')}</p>
          ) : (
            <ScrollBox label={title}>
              <table className="cp-settings__table">
                <caption className="cp-visually-hidden">{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('settings.licenses.key')}</th>
                    <th scope="col">{t('settings.licenses.module')}</th>
                    <th scope="col">{t('settings.licenses.sku')}</th>
                    <th scope="col">{t('settings.licenses.status')}</th>
                    <th scope="col">{t('settings.licenses.activatedAt')}</th>
                    <td />
                  </tr>
                </thead>
                <tbody>
                  {licenses.map((l) => (
                    <tr key={l.licenseKey}>
                      {/* The licence's key, module and SKU are codes, not texts of ours. */}
                      <th scope="row" translate="no">
                        {l.licenseKey}
                      </th>
                      <td translate="no">{l.licenseModule}</td>
                      <td translate="no">{l.licenseSku}</td>
                      <td data-active={l.active}>
                        {l.active ? t('settings.licenses.active') : t('settings.licenses.inactive')}
                      </td>
                      <td>
                        {l.activatedAt
                          ? formatDataCell(l.activatedAt, 'datetime', { currency: 'USD', locale, yes: '', no: '' })
                          : '—'}
                      </td>
                      <td>
                        <Button
                          disabled={busy !== null}
                          onClick={() => void change(l.licenseKey, !l.active)}
                          aria-label={`${l.active ? t('settings.licenses.deactivate') : t('settings.licenses.activate')} ${l.licenseKey}`}
                        >
                          {l.active ? t('settings.licenses.deactivate') : t('settings.licenses.activate')}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          )
        }
      </LoadedView>
      <SettingsForm label={t('settings.licenses.activateKey')} onSubmit={() => void activateTyped()}>
        <div className="cp-settings__inline">
          <Field
            label={t('settings.licenses.key')}
            value={key}
            error={problem}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setKey(e.target.value.toUpperCase())}
          />
          <Button type="submit" variant="primary" disabled={busy !== null}>
            {t('settings.licenses.activate')}
          </Button>
        </div>
      </SettingsForm>
    </Section>
  );
}
