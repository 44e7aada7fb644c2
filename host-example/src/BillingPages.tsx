import type { MessageKey, PageDescription } from '@cloudportal/core';
import {
  DynamicPage,
  FeatureComponent,
  PagePlaceholder,
  ReportSlotView,
  ReportView,
  useAccount,
  useT,
  VideoLibrary,
  type ReportSlotProps,
} from '@cloudportal/react';
import { useParams } from 'react-router';

/** The heading of a billing child route: its title, as the document title says it. */
function RouteHeading({ title }: { title: MessageKey }) {
  const t = useT();
  return (
    <header className="cp-page__head">
      <h1>{t(title)}</h1>
    </header>
  );
}

/** A page of a billing child route of its own (spec §2), opened by its component name, under its title. */
function RoutePage({ component, title }: { component: string; title: MessageKey }) {
  const page: PageDescription = {
    id: component,
    type: 'ui',
    contents: [],
    componentClass: component,
    reportId: null,
    pbiReportPageFilter: [],
    assistanceSrc: null,
    error: null,
  };
  return (
    <>
      <RouteHeading title={title} />
      <FeatureComponent name={component} page={page} tab={null} />
    </>
  );
}

/** admin-section-settings-dashboard: only for users who may manage settings (spec §2, §6). */
export function SettingsDashboardRoute() {
  const t = useT();
  const { whois } = useAccount();
  if (!whois) return null;
  if (!whois.canManageSettings) {
    return (
      <>
        <RouteHeading title="route.settings" />
        <PagePlaceholder title={t('page.forbiddenTitle')} role="alert">
          <p>{t('page.forbidden')}</p>
        </PagePlaceholder>
      </>
    );
  }
  return <RoutePage component="settings-dashboard" title="route.settings" />;
}

/** dashboard/report/{id}: a custom report. */
export function CustomReportRoute() {
  const { id = '' } = useParams();
  return <ReportView reportId={id} kind="custom" pageName={`dashboard/report/${id}`} />;
}

/** A report tab or `pbiReport` page of the dynamic page: the embedded report view (spec §2). */
const renderReport = (report: ReportSlotProps) => <ReportSlotView {...report} />;

/** The catch-all: the dynamic page renderer. */
export function CatchAllRoute() {
  return <DynamicPage renderReport={renderReport} />;
}

/** The video library's child path: the item whose video plays. */
export function VideoLibraryRoute() {
  const { '*': selected = '' } = useParams();
  return <VideoLibrary selected={selected} />;
}

export { RoutePage };
