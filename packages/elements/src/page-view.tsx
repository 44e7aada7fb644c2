import { dynamicPageEn, registerMessages, sessionStarted } from '@cloudportal/core';
import { FeaturePage, type ReportSlotProps } from '@cloudportal/react/shell';
import { registerPortalPages } from '@cloudportal/react/pages';
import { usePortalClient, useT } from '@cloudportal/react/provider';
import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { SignInPrompt, useSignInRefusal, useStartedSession } from '@cloudportal/react/auth';
import type { ElementViewProps } from './internal/viewProps';
import type { PageElementProps } from './page';

// The sign-in prompt shows before the page's stores (which register the shell's texts) exist.
registerMessages(dynamicPageEn);
// The portal's feature pages, each loaded the first time it shows; a name the partner registered
// (registerFeaturePage, before the first <cp-page> connects) keeps the partner's page.
registerPortalPages({ keepRegistered: true });

// A report page's embedded view — and powerbi-client with it — loads only on a page that shows a report.
const ReportSlotView = lazy(() => import('@cloudportal/react/report').then((m) => ({ default: m.ReportSlotView })));

const renderReport = (report: ReportSlotProps) => (
  <Suspense fallback={null}>
    <ReportSlotView {...report} />
  </Suspense>
);

/**
 * The view of `<cp-page>`, loaded when the element first connects: one page of the visitor's menu
 * (`FeaturePage`), its loaded, error and navigation reported as `cp-page-*` events.
 */
export default function PageElementView({ name, tabName, emit }: PageElementProps & ElementViewProps) {
  const client = usePortalClient();
  useStartedSession(client);
  useSignInRefusal(client, (refusal) => emit('cp-page-error', refusal));
  const t = useT();
  const { status } = useStore(client.session.$session);
  const origin = client.config.apiBase;

  if (status !== 'authenticated') {
    if (status === 'anonymous' && sessionStarted(client))
      return <SignInPrompt href={`${origin}/login`} text={t('page.signIn')} />;
    return null;
  }
  if (!name) return null;
  return (
    <FeaturePage
      name={name}
      tabName={tabName || null}
      renderReport={renderReport}
      onLoaded={(detail) => emit('cp-page-loaded', detail)}
      onError={(detail) => emit('cp-page-error', detail)}
      onRowActivated={(detail) => emit('cp-page-row-activated', detail)}
      onNavigate={(path) => {
        // Cancelable: a partner that routes itself calls preventDefault(); otherwise the portal page opens.
        if (emit('cp-page-navigate', { path, url: origin + path })) globalThis.location.assign(origin + path);
      }}
    />
  );
}
