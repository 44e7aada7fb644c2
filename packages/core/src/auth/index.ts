export { createSession, identityFromIdToken } from './session';
export type { IdentityResult, Session, SessionOptions, SessionState, SessionStatus } from './session';
export { createCrossTabChannel, createLockRunner, CROSS_TAB_CHANNEL } from './crossTab';
export type { CrossTabChannel, CrossTabMessage, LockRunner } from './crossTab';
