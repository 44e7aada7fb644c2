import { generalSettingsProblems, type GeneralSettingsForm, type Settings } from '@cloudportal/core';
import { useCallback, useState } from 'react';
import { useT } from '../../provider/PortalProvider';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { useLoad } from '../../ui/useLoad';
import { LoadedView, Section, SettingsForm, useRun, useSettingsApi } from './common';
import { useFormProblems } from '../../ui/useFormProblems';

const toForm = (s: Settings): GeneralSettingsForm => ({
  productName: s.productName,
  salesEmail: s.salesEmail ?? '',
  uiSessionTimeout: String(s.uiSessionTimeout),
  eula: s.eula ?? '',
});

// spec §3 "Settings"
/** The tenant's product name, sales e-mail, idle time and terms address. */
export function GeneralSection() {
  const t = useT();
  const api = useSettingsApi();
  const [loaded, reload] = useLoad(useCallback(() => api.settings(), [api]));
  const title = t('settings.general');
  return (
    <Section id="general" title={title}>
      <LoadedView loaded={loaded} section={title} onRetry={reload}>
        {(settings) => <GeneralForm settings={settings} />}
      </LoadedView>
    </Section>
  );
}

function GeneralForm({ settings }: { settings: Settings }) {
  const t = useT();
  const api = useSettingsApi();
  const { busy, run } = useRun();
  const [form, setForm] = useState(() => toForm(settings));
  const { problems, check } = useFormProblems<keyof GeneralSettingsForm>();
  const title = t('settings.general');
  const field = (name: keyof GeneralSettingsForm) => ({
    value: form[name],
    error: problems[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });
  const save = async () => {
    const found = check((t) => generalSettingsProblems(form, t));
    if (Object.keys(found).length > 0) return;
    const saved = await run(
      title,
      () =>
        api.saveSettings({
          productName: form.productName.trim() || null,
          salesEmail: form.salesEmail.trim() || null,
          uiSessionTimeout: Number(form.uiSessionTimeout),
          eula: form.eula.trim() || null,
        }),
      () => t('settings.saved', { section: title }),
    );
    if (saved) setForm(toForm(saved));
  };
  return (
    <SettingsForm label={title} onSubmit={() => void save()}>
      <Field label={t('settings.general.productName')} hint={t('settings.blankDefault')} {...field('productName')} />
      <Field label={t('settings.general.salesEmail')} type="email" {...field('salesEmail')} />
      <Field label={t('settings.general.timeout')} inputMode="numeric" {...field('uiSessionTimeout')} />
      <Field label={t('settings.general.eula')} hint={t('settings.blankDefault')} {...field('eula')} />
      <div className="cp-settings__actions">
        <Button type="submit" variant="primary" disabled={busy !== null}>
          {busy ? t('settings.saving') : t('settings.save')}
        </Button>
      </div>
    </SettingsForm>
  );
}
