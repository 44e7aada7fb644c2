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
