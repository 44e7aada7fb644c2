export { createSession, identityFromIdToken } from './session';
export type { IdentityResult, Session, SessionOptions, SessionState, SessionStatus } from './session';
export { createCrossTabChannel, createLockRunner, CROSS_TAB_CHANNEL } from './crossTab';
export type { CrossTabChannel, CrossTabMessage, LockRunner } from './crossTab';
export { createIdleWatcher, IDLE_ACTIVITY_EVENTS } from './idle';
export type { IdleOptions, IdleState, IdleWatcher, KeepaliveUnit } from './idle';
export { createDevIdentityProvider } from './identityProvider';
export type { DevIdentityProvider, IdentityProvider } from './identityProvider';
