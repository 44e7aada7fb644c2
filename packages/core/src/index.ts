/**
 * @cloudportal/core — the logic of the portal, once: client, stores, rules, messages.
 * Safe to import in Node: nothing here touches the DOM at import time.
 */
export * from './client';
export * from './stores';
export * from './rules';
export * from './i18n';
export * from './api';
export * from './storage';
export * from './auth';
export { TRUSTED_TYPES_POLICIES, TRUSTED_TYPES_POLICY } from './trustedTypes';
// For the SDK's own packages: not part of the public API.
/** @internal */
export { trustSanitizedHtml } from './trustedTypes';
/** @internal */
export type { SinkHtml, TrustedHtml } from './trustedTypes';
