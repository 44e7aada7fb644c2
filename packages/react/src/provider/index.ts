export { PortalProvider, usePortalClient, useT } from './PortalProvider';
export type { PortalProviderProps } from './PortalProvider';
