import { registerMessages, reportEn, sessionStarted } from '@cloudportal/core';
import type { ReportViewStore } from '@cloudportal/core/embed';
import { usePortalClient, useT } from '@cloudportal/react/provider';
import { ReportView } from '@cloudportal/react/report';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef } from 'react';
import type { ElementViewProps } from './internal/viewProps';
import { publishReportStore } from './internal/reports';
import type { ReportElementProps } from './report';
import { SignInPrompt, useSignInRefusal, useStartedSession } from '@cloudportal/react/auth';

registerMessages(reportEn);

/** The view of `<cp-report>`, loaded when the element first connects (powerbi-client loads when the report embeds). */
export default function ReportElementView({
  reportId,
  kind,
  pageName,
  tabName,
  reportPage,
  savedViews,
  heightReduction,
  emit,
  host,
}: ReportElementProps & ElementViewProps) {
  const client = usePortalClient();
  const { status } = useStore(client.session.$session);
  const t = useT();
  useStartedSession(client);
  useSignInRefusal(client, (refusal) => emit('cp-report-error', refusal));

  // The store's events become the element's cp-report-* events from the moment the report view hands
  // the store over, before it loads: subscribed after a re-render instead, a quick first answer (a
  // refused embed) came first and the element never said cp-report-error. The store is published for
  // <cp-saved-views for>.
  const stops = useRef<(() => void)[]>([]);
  const onStore = useCallback(
    (store: ReportViewStore) => {
      for (const stop of stops.current) stop();
      publishReportStore(host, store);
      stops.current = [
        store.on('loaded', (detail) => emit('cp-report-loaded', detail)),
        store.on('pageChanged', (detail) => emit('cp-report-page-changed', detail)),
        store.on('error', (detail) => emit('cp-report-error', detail)),
        store.on('viewApplied', (detail) => emit('cp-report-view-applied', detail)),
        store.on('viewSaved', (detail) => emit('cp-report-view-saved', detail)),
        store.on('tokenRefreshed', (detail) => emit('cp-report-token-refreshed', detail)),
      ];
    },
    // `emit` is made anew each render; it only dispatches on `host`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [host],
  );
  useEffect(
    () => () => {
      for (const stop of stops.current) stop();
      stops.current = [];
      publishReportStore(host, null);
    },
    [host],
  );

  if (status !== 'authenticated') {
    if (status === 'anonymous' && sessionStarted(client))
      return <SignInPrompt href={`${client.config.apiBase}/login`} text={t('report.signIn')} />;
    return null;
  }
  if (!reportId) return null;
  return (
    <ReportView
      reportId={reportId}
      kind={kind}
      pageName={pageName || undefined}
      tabName={tabName || null}
      reportPage={reportPage || null}
      savedViews={savedViews ?? true}
      heightReduction={
        typeof heightReduction === 'number' && Number.isFinite(heightReduction) ? heightReduction : 'default'
      }
      onStore={onStore}
    />
  );
}
