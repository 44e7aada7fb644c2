// spec §2 "Layout", "Dynamic page"
/** The portal shell: frame, side navigation, navbar, settings drawer, guidance, dynamic pages. */
export { PortalShell } from './PortalShell';
export type { PortalShellProps } from './PortalShell';
export { SideNav } from './SideNav';
export type { ShellNavigate, SideNavProps } from './SideNav';
export { NavBar } from './NavBar';
export type { NavBarProps } from './NavBar';
export { SettingsDrawer } from './SettingsDrawer';
export type { SettingsDrawerProps } from './SettingsDrawer';
export { GuidanceDialog, VideoFrame } from './GuidanceDialog';
export type { VideoFrameProps } from './GuidanceDialog';
export { DynamicPage, FeatureComponent, PageView, ReportCard } from './DynamicPage';
export type { DynamicPageProps, ReportSlotProps } from './DynamicPage';
export { FeaturePage } from './FeaturePage';
export type { FeaturePageProps, PageErrorDetail, PageLoadedDetail } from './FeaturePage';
export { usePageNavigate, usePageSignals } from './pageContext';
export type { PageSignals, RowActivatedDetail } from './pageContext';
export { registerFeaturePage, hasFeaturePage, featurePageComponent } from './featureRegistry';
export type { FeaturePageLoader, FeatureComponentProps } from './featureRegistry';
export { PagePlaceholder } from './placeholders';
export type { PagePlaceholderProps } from './placeholders';
export { VideoLibrary } from './VideoLibrary';
export type { VideoLibraryProps } from './VideoLibrary';
export { useShell } from './useShell';
