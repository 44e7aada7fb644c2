import type { ReportSlotProps } from '../shell/DynamicPage';
import { ReportView } from './ReportView';

// spec §2
/**
 * The embedded report view of a report tab or `pbiReport` page: what a host passes as
 * `<DynamicPage renderReport>` or `<FeaturePage renderReport>` — `(report) => <ReportSlotView {...report} />`.
 * Keyed by page and tab, so another tab embeds its own report.
 * @public
 */
export function ReportSlotView({ reportId, pageKey, tabName, pageFilter }: ReportSlotProps) {
  return (
    <ReportView
      key={`${pageKey} ${tabName ?? ''}`}
      reportId={reportId}
      pageName={pageKey}
      tabName={tabName}
      reportPage={pageFilter}
    />
  );
}
