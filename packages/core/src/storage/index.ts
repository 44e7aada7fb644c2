export {
  createPortalStorage,
  INVALID_STRATEGY,
  storageKey,
  warnIfCookieTooLarge,
  webStorageStrategy,
} from './webStorage';
export type { PortalStorage, StorageEnvironment, StorageStrategy } from './webStorage';
