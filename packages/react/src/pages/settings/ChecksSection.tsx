import {
  emailRecipients,
  emailTestProblems,
  formatDataCell,
  type EmailTestForm,
  type IntegrationTestResult,
} from '@cloudportal/core';
import { useCallback, useState } from 'react';
import { useLocale, useT } from '../../provider/PortalProvider';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { useLoad } from '../../ui/useLoad';
import { LoadedView, Section, SettingsForm, TestResultView, useRun, useSettingsApi } from './common';
import { useFormProblems } from '../../ui/useFormProblems';

// spec §7 `GET /api/test/access`, `GET /api/test/tag`
/** What the tenant can reach with what it stored. */
export function ChecksSection() {
  const t = useT();
  const api = useSettingsApi();
  const { busy, run } = useRun();
  const [results, setResults] = useState<{ access?: IntegrationTestResult; tags?: IntegrationTestResult }>({});
  const test = async (which: 'access' | 'tags') => {
    const label = t(which === 'access' ? 'settings.checks.access' : 'settings.checks.tags');
    const result = await run(
      label,
      which === 'access' ? api.testAccess : api.testTag,
      undefined,
      'settings.testFailed',
    );
    if (result) setResults((r) => ({ ...r, [which]: result }));
  };
  return (
    <Section id="checks" title={t('settings.checks')} intro={t('settings.checks.intro')}>
      <div className="cp-settings__actions">
        <Button onClick={() => void test('access')} disabled={busy !== null}>
          {t('settings.checks.access')}
        </Button>
        <Button onClick={() => void test('tags')} disabled={busy !== null}>
          {t('settings.checks.tags')}
        </Button>
      </div>
      {results.access ? <TestResultView result={results.access} label={t('settings.checks.access')} /> : null}
      {results.tags ? <TestResultView result={results.tags} label={t('settings.checks.tags')} /> : null}
    </Section>
  );
}

const EMPTY_EMAIL: EmailTestForm = { recipients: '', subject: '', body: '' };

// spec §3 "Email notification"
/** A test message, queued by the notification service. */
export function EmailSection() {
  const t = useT();
  const api = useSettingsApi();
  const { busy, run } = useRun();
  const [form, setForm] = useState(EMPTY_EMAIL);
  const { problems, check } = useFormProblems<keyof EmailTestForm>();
  const title = t('settings.email');
  const send = async () => {
    const found = check((t) => emailTestProblems(form, t));
    if (Object.keys(found).length > 0) return;
    const queued = await run(
      title,
      () =>
        api.sendEmail({ recipients: emailRecipients(form.recipients), subject: form.subject.trim(), body: form.body }),
      () => t('settings.email.queued'),
    );
    if (queued) setForm(EMPTY_EMAIL);
  };
  const field = (name: keyof EmailTestForm) => ({
    value: form[name],
    error: problems[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });
  return (
    <Section id="email" title={title} intro={t('settings.email.intro')}>
      <SettingsForm label={title} onSubmit={() => void send()}>
        <Field
          label={t('settings.email.recipients')}
          hint={t('settings.email.recipientsHint')}
          {...field('recipients')}
        />
        <Field label={t('settings.email.subject')} {...field('subject')} />
        <Field label={t('settings.email.body')} multiline rows={4} {...field('body')} />
        <div className="cp-settings__actions">
          <Button type="submit" variant="primary" disabled={busy !== null}>
            {t('settings.email.send')}
          </Button>
        </div>
      </SettingsForm>
    </Section>
  );
}

// spec §7 `GET /api/system/messages`
/** The messages every tenant sees while they are current. */
export function SystemMessagesSection() {
  const t = useT();
  const api = useSettingsApi();
  const [loaded, reload] = useLoad(useCallback(() => api.systemMessages(), [api]));
  const locale = useLocale();
  const title = t('settings.messages');
  const day = (iso: string) => formatDataCell(iso, 'date', { currency: 'USD', locale, yes: '', no: '' });
  return (
    <Section id="messages" title={title}>
      <LoadedView loaded={loaded} section={title} onRetry={reload}>
        {(messages) =>
          messages.length === 0 ? (
            <p>{t('settings.messages.none')}</p>
          ) : (
            <ul className="cp-settings__messages">
              {messages.map((m) => (
                <li key={m.id} data-severity={m.severity}>
                  <strong translate="no">{m.title}</strong> <span translate="no">{m.message}</span>{' '}
                  <small>
                    {m.validTo
                      ? t('settings.messages.validTo', { from: day(m.validFrom), to: day(m.validTo) })
                      : t('settings.messages.valid', { from: day(m.validFrom) })}
                  </small>
                </li>
              ))}
            </ul>
          )
        }
      </LoadedView>
    </Section>
  );
}
