export { createPortalClient, sessionStarted } from './createPortalClient';
export type { PortalApis, PortalClient, PortalClientConfig } from './createPortalClient';
export { getDefaultPortalClient, setDefaultPortalClient, configure } from './defaultClient';
export { clientPart } from './parts';
