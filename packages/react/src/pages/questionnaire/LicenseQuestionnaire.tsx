import {
  createLicenseQuestionnaireApi,
  formatDataCell,
  LICENSE_COUNTS,
  licenseAnswersForm,
  licenseAnswersOf,
  licenseAnswersProblems,
  questionnaireEn,
  registerMessages,
  type LicenseAnswersForm,
  type LicenseEvaluation,
  type LicenseQuestionnaire,
  type MessageKey,
} from '@cloudportal/core';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocale, usePortalClient, useT } from '../../provider/PortalProvider';
import type { FeatureComponentProps } from '../../shell/featureRegistry';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Skeleton } from '../../ui/Skeleton';
import { useLoad } from '../../ui/useLoad';
import { useStyles } from '../../ui/useStyles';
import { ScrollBox } from '../ScrollBox';
import sectionsCss from '../pageSections.css?inline';
import questionnaireCss from './LicenseQuestionnaire.css?inline';
import { useFormProblems } from '../../ui/useFormProblems';

registerMessages(questionnaireEn);

const css = `${sectionsCss}\n${questionnaireCss}`;

/** Amounts, counts and dates in the client's active locale, through the grid's shared formatter. */
function useFormats() {
  const locale = useLocale();
  return useMemo(() => {
    const format = { currency: 'USD', locale, yes: '', no: '' };
    return {
      money: (value: number) => formatDataCell(value, 'currency', format),
      count: (value: number) => formatDataCell(value, 'number', format),
      dateTime: (iso: string) => formatDataCell(iso, 'datetime', format),
    };
  }, [locale]);
}

// spec §2 `license-questionnaire`
/**
 * The licence questionnaire: the tenant says how its people work,
 * and the page shows the Microsoft 365 licences that fit (core's `evaluateLicenses`) against what it
 * buys today. "Preview recommendation" evaluates without saving; "Save answers" keeps the answers for
 * the tenant. Answers are checked as typed with the server's rule; nothing typed is lost on an error.
 */
export default function LicenseQuestionnaire(_props: Partial<FeatureComponentProps>) {
  const ref = useStyles<HTMLDivElement>(css);
  const t = useT();
  const client = usePortalClient();
  const api = useMemo(() => createLicenseQuestionnaireApi(client.http), [client]);
  const [loaded, reload] = useLoad(useCallback(() => api.load(), [api]));
  return (
    <div ref={ref} className="cp-questionnaire cp-page-sections">
      <section className="cp-questionnaire__section cp-page-section" aria-labelledby="cp-questionnaire-title">
        <h2 id="cp-questionnaire-title">{t('questionnaire.title')}</h2>
        <p className="cp-questionnaire__intro">{t('questionnaire.intro')}</p>
        {loaded.state === 'loading' ? <Skeleton label={t('questionnaire.loading')} /> : null}
        {loaded.state === 'failed' ? (
          <div role="alert" className="cp-questionnaire__failed">
            <p>{t('questionnaire.failed')}</p>
            <Button onClick={reload}>{t('questionnaire.retry')}</Button>
          </div>
        ) : null}
        {loaded.state === 'loaded' ? <QuestionnaireForm initial={loaded.value} /> : null}
      </section>
    </div>
  );
}

const LABELS: Record<(typeof LICENSE_COUNTS)[number], MessageKey> = {
  officeWorkers: 'questionnaire.officeWorkers',
  webWorkers: 'questionnaire.webWorkers',
  frontlineWorkers: 'questionnaire.frontlineWorkers',
  phoneUsers: 'questionnaire.phoneUsers',
  copilotUsers: 'questionnaire.copilotUsers',
};

function QuestionnaireForm({ initial }: { initial: LicenseQuestionnaire }) {
  const t = useT();
  const { dateTime } = useFormats();
  const client = usePortalClient();
  const api = useMemo(() => createLicenseQuestionnaireApi(client.http), [client]);
  const [saved, setSaved] = useState(initial);
  const [form, setForm] = useState<LicenseAnswersForm>(() => licenseAnswersForm(initial.answers));
  const { problems, check } = useFormProblems<keyof LicenseAnswersForm>();
  const [preview, setPreview] = useState<LicenseEvaluation | null>(null);
  const [busy, setBusy] = useState<'save' | 'preview' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // After a check that found problems, the first field in error takes the focus, so a keyboard user
  // lands on what to correct.
  const [checks, setChecks] = useState(0);
  useEffect(() => {
    if (checks > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [checks]);

  const checked = () => {
    const found = check((t) => licenseAnswersProblems(form, t));
    if (Object.keys(found).length === 0) return licenseAnswersOf(form);
    setChecks((n) => n + 1);
    return null;
  };
  const act = async (which: 'save' | 'preview') => {
    const answers = checked();
    if (!answers) return;
    setBusy(which);
    try {
      if (which === 'save') {
        const next = await api.save(answers);
        setSaved(next);
        setPreview(null);
        setForm(licenseAnswersForm(next.answers));
        client.toast({ kind: 'success', title: t('questionnaire.saved') });
      } else {
        setPreview(await api.evaluate(answers));
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      client.toast({
        kind: 'error',
        title: t(which === 'save' ? 'questionnaire.saveFailed' : 'questionnaire.previewFailed', { reason }),
      });
    } finally {
      setBusy(null);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void act('save');
  };
  const invalid = Object.keys(problems).length > 0;
  return (
    <>
      <p className="cp-questionnaire__status">
        {saved.saved && saved.updatedBy && saved.updatedAt
          ? t('questionnaire.savedBy', {
              name: saved.updatedBy,
              date: dateTime(saved.updatedAt),
            })
          : t('questionnaire.suggested')}
      </p>
      <form
        ref={formRef}
        className="cp-questionnaire__form"
        aria-labelledby="cp-questionnaire-title"
        noValidate
        onSubmit={onSubmit}
      >
        {invalid ? (
          <p role="alert" className="cp-questionnaire__fix">
            {t('questionnaire.fix')}
          </p>
        ) : null}
        {LICENSE_COUNTS.map((key) => (
          <Field
            key={key}
            label={t(LABELS[key])}
            hint={key === 'officeWorkers' ? t('questionnaire.officeWorkers.hint') : undefined}
            inputMode="numeric"
            value={form[key]}
            error={problems[key]}
            onChange={(e) => setForm({ ...form, [key]: e.target.value })}
          />
        ))}
        <label className="cp-questionnaire__check">
          <input
            type="checkbox"
            checked={form.advancedSecurity}
            onChange={(e) => setForm({ ...form, advancedSecurity: e.target.checked })}
          />
          {t('questionnaire.advancedSecurity')}
        </label>
        <div className="cp-questionnaire__actions">
          <Button type="submit" variant="primary" disabled={busy !== null}>
            {busy === 'save' ? t('questionnaire.saving') : t('questionnaire.save')}
          </Button>
          <Button type="button" disabled={busy !== null} onClick={() => void act('preview')}>
            {t('questionnaire.preview')}
          </Button>
        </div>
      </form>
      <Recommendation evaluation={preview ?? saved.evaluation} previewed={preview !== null} />
    </>
  );
}

/** The recommendation as a table: each licence today and recommended, with the totals and what changes. */
function Recommendation({ evaluation, previewed }: { evaluation: LicenseEvaluation; previewed: boolean }) {
  const t = useT();
  const { money, count } = useFormats();
  const title = t(previewed ? 'questionnaire.resultPreview' : 'questionnaire.result');
  const { difference } = evaluation;
  const verdict =
    difference < 0
      ? t('questionnaire.saving.amount', { amount: money(-difference) })
      : difference > 0
        ? t('questionnaire.extra.amount', { amount: money(difference) })
        : t('questionnaire.same');
  return (
    <section className="cp-questionnaire__result" aria-labelledby="cp-questionnaire-result" aria-live="polite">
      <h3 id="cp-questionnaire-result">{title}</h3>
      <p>
        {t(evaluation.businessPlans ? 'questionnaire.businessPlans' : 'questionnaire.enterprisePlans', {
          people: count(evaluation.people),
        })}
      </p>
      <ScrollBox label={title}>
        <table className="cp-questionnaire__table">
          <caption className="cp-visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('questionnaire.license')}</th>
              <th scope="col">{t('questionnaire.current')}</th>
              <th scope="col">{t('questionnaire.recommended')}</th>
              <th scope="col">{t('questionnaire.unitPrice')}</th>
              <th scope="col">{t('questionnaire.currentCost')}</th>
              <th scope="col">{t('questionnaire.recommendedCost')}</th>
            </tr>
          </thead>
          <tbody>
            {evaluation.lines.map((line) => (
              <tr key={line.sku}>
                <th scope="row" translate="no">
                  {line.sku}
                </th>
                <td>{count(line.currentQuantity)}</td>
                <td>{count(line.recommendedQuantity)}</td>
                <td>{money(line.unitPrice)}</td>
                <td>{money(line.currentCost)}</td>
                <td>{money(line.recommendedCost)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                {t('questionnaire.total')}
              </th>
              <td>{money(evaluation.currentCost)}</td>
              <td>{money(evaluation.recommendedCost)}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollBox>
      <p className="cp-questionnaire__verdict">{verdict}</p>
    </section>
  );
}
