import type { LicenseAnswers, LicenseEvaluation } from '../rules/licenseQuestionnaire';
import { SERVICE, type Http } from './http';

export type { LicenseAnswers, LicenseEvaluation, LicenseLine } from '../rules/licenseQuestionnaire';

/**
 * The tenant's licence questionnaire: its answers and what they recommend.
 * @public
 */
export interface LicenseQuestionnaire {
  /** The answers, saved or suggested. */
  answers: LicenseAnswers;
  /** Whether the answers were saved by someone; when not, they are suggested from the tenant's users and licences. */
  saved: boolean;
  /** Who saved them, and when (ISO). */
  updatedBy: string | null;
  /** When they were saved (ISO 8601), or null. */
  updatedAt: string | null;
  /** What the answers recommend. */
  evaluation: LicenseEvaluation;
}

// spec §2 `license-questionnaire`
/**
 * The licence questionnaire calls under the portal service's data
 * base: `/services/api-portal-customer/api/data/license-questionnaire`. They need the tenant's
 * Microsoft 365 licence (403 otherwise); a 400 answers `{ problems: { field: message } }`.
 * @public
 */
export function createLicenseQuestionnaireApi(http: Http) {
  const url = (path = '') => http.service(SERVICE.portal, `/api/data/license-questionnaire${path}`);
  return {
    /** GET — the saved answers (or the suggested ones) with their evaluation. */
    load: (signal?: AbortSignal) => http.request<LicenseQuestionnaire>('GET', url(), { signal }),
    /** PUT — saves the answers for the tenant and answers them evaluated. */
    save: (answers: LicenseAnswers) => http.request<LicenseQuestionnaire>('PUT', url(), { json: answers }),
    /** POST /evaluate — evaluates answers without saving them. */
    evaluate: (answers: LicenseAnswers) => http.request<LicenseEvaluation>('POST', url('/evaluate'), { json: answers }),
  };
}

/**
 * The licence questionnaire client.
 * @public
 */
export type LicenseQuestionnaireApi = ReturnType<typeof createLicenseQuestionnaireApi>;
