export { ApiError, isApiError } from './errors';
export { createHttp, SERVICE } from './http';
export type { Http, HttpConfig, HttpResult, QueryValue, RequestOptions } from './http';
export { graphql, GraphQLError, GRAPHQL_PATH } from './graphql';
export type { GraphQLErrorEntry } from './graphql';
export { createAuthApi } from './auth';
export type { Account, AppTokenClaims, AuthApi, DevAccount, LoginPayload, LoginResult, TenantSummary, TokenResponse, Whois } from './auth';
export { createSettingsApi } from './settings';
export type { ApiTokenIssued, Branding, CspSettings, CustomContent, EaSettings, EmailNotification, EulaAcceptance, FeatureActivation, FeatureFlags, FileInfo, IntegrationSettings, LicenseDefinition, M365UserCredential, M365UserCredentialRequest, Office365Settings, QueuedEmail, Settings, SettingsApi, SettingsUpdate, SurveilSettings, SyncRun, SystemMessage, TenantLicense } from './settings';
