export { PortalProvider, useLocale, usePortalClient, useT } from './PortalProvider';
export type { PortalProviderProps } from './PortalProvider';
