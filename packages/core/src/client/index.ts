export { createPortalClient } from './createPortalClient';
export type { PortalClient, PortalClientConfig } from './createPortalClient';
export { getDefaultPortalClient, setDefaultPortalClient, configure } from './defaultClient';
