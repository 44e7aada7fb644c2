import {
  evaluateLicenses,
  licenseAnswersJsonProblems,
  type LicenseAnswers,
  type LicenseQuestionnaire,
  type OwnedLicense,
} from '@cloudportal/core';
import { signedInRoutes, type FakeAnswer } from '../../../testing/fakeApi';

const URL_BASE = '/services/api-portal-customer/api/data/license-questionnaire';

/** Contoso's licences of the questionnaire's catalogue, as the reference seed has them. */
export const CONTOSO_LICENSES: readonly OwnedLicense[] = [
  { sku: 'Microsoft 365 E3', quantity: 250, unitPrice: 36 },
  { sku: 'Microsoft 365 E5', quantity: 40, unitPrice: 57 },
  { sku: 'Office 365 E1', quantity: 120, unitPrice: 10 },
  { sku: 'Teams Phone Standard', quantity: 80, unitPrice: 8 },
];

/** The answers suggested for Contoso before anyone saves. */
export const SUGGESTED: LicenseAnswers = {
  officeWorkers: 269,
  webWorkers: 96,
  frontlineWorkers: 0,
  phoneUsers: 74,
  copilotUsers: 0,
  advancedSecurity: true,
};

/** Options of {@link questionnaireRoutes}. */
export interface FakeQuestionnaireOptions {
  /** Answers saved already (by Ada Lovelace). @default none: suggested answers */
  saved?: LicenseAnswers;
  /** Every questionnaire call answers this status instead (403: no Microsoft 365 licence). */
  failWith?: number;
}

/**
 * The licence questionnaire's calls at the network edge, answered as the reference server does:
 * with core's own rule checking the body and evaluating the answers, and saved answers kept.
 */
export function questionnaireRoutes(options: FakeQuestionnaireOptions = {}): Record<string, FakeAnswer> {
  let saved: LicenseQuestionnaire | null = null;
  const of = (answers: LicenseAnswers, isSaved: boolean): LicenseQuestionnaire => ({
    answers,
    saved: isSaved,
    updatedBy: isSaved ? 'Ada Lovelace' : null,
    updatedAt: isSaved ? '2026-01-05T10:00:00.000Z' : null,
    evaluation: evaluateLicenses(answers, CONTOSO_LICENSES),
  });
  if (options.saved) saved = of(options.saved, true);
  const checked = (body: unknown, answer: (a: LicenseAnswers) => unknown) => {
    const problems = licenseAnswersJsonProblems(body);
    if (problems)
      return { status: 400, json: { error: 'Bad Request', message: Object.values(problems).join(' '), problems } };
    return { json: answer(body as LicenseAnswers) };
  };
  const routes: Record<string, FakeAnswer> = {
    [`GET ${URL_BASE}`]: () => ({ json: saved ?? of(SUGGESTED, false) }),
    [`PUT ${URL_BASE}`]: ({ body }) =>
      checked(body, (answers) => {
        saved = of(answers, true);
        return saved;
      }),
    [`POST ${URL_BASE}/evaluate`]: ({ body }) =>
      checked(body, (answers) => evaluateLicenses(answers, CONTOSO_LICENSES)),
  };
  if (options.failWith)
    for (const key of Object.keys(routes))
      routes[key] = { status: options.failWith, json: { message: 'The service is unavailable.' } };
  return signedInRoutes(routes);
}
