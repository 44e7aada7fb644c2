// spec §2 "Embedded report view", §4, §5
/** The report view and the saved views (bookmark manager). */
export { ReportView, type ReportViewProps } from './ReportView';
export { ReportSlotView } from './ReportSlotView';
export { ReportToolbar } from './ReportToolbar';
export {
  AddViewDialog,
  SavedViews,
  SavedViewsPopup,
  type SavedViewsDialogProps,
  type SavedViewsProps,
} from './SavedViews';
