export { ApiError, isApiError } from './errors';
export { createHttp, normalizeApiBase, SERVICE } from './http';
export type { Http, HttpConfig, HttpResult, QueryValue, RequestOptions } from './http';
export { graphql, GraphQLError, GRAPHQL_PATH } from './graphql';
export type { GraphQLErrorEntry } from './graphql';
export { createAuthApi } from './auth';
export type {
  Account,
  AppTokenClaims,
  AppTokenSite,
  AuthApi,
  AuthConfig,
  DevAccount,
  LoginPayload,
  LoginResult,
  TenantSummary,
  TokenResponse,
  Whois,
} from './auth';
export { pageBundleQuery, SESSION_BUNDLE_QUERY, sessionBundleOf } from './sessionBundle';
export type { BundleParts, SessionBundle, TokenWithSession } from './sessionBundle';
export * from './settings';
export * from './settingsAdmin';
export * from './connectedSites';
export * from './portal';
export * from './audit';
export * from './reports';
export * from './bookmarks';
export * from './chat';
export { generateChatStream } from './chatStream';
export type { ChatStreamHandlers } from './chatStream';
export { readEventStream } from './eventStream';
export type { ServerSentEvent } from './eventStream';
export { createFeatureDataApi } from './featureData';
export type { DataActionInput, FeatureDataApi } from './featureData';
export { createLicenseQuestionnaireApi } from './licenseQuestionnaire';
export type { LicenseQuestionnaire, LicenseQuestionnaireApi } from './licenseQuestionnaire';
