// spec §2 names the `license-questionnaire` page only.
/**
 * The licence questionnaire of the `license-questionnaire` page (what it asks and how it answers is
 * decided here, for the page and the reference server alike). A tenant says how many
 * people work in which way; the rule recommends the Microsoft 365 licences that fit and compares
 * their monthly cost with the licences the tenant buys today.
 */

import { createTranslator, type Translate } from '../i18n/messages';
import { questionnaireEn } from '../i18n/questionnaireMessages';
import type { FormProblems } from './settingsForms';

// The English texts, whether or not the page has registered its messages (the server too). Pure, so
// a bundle that checks no answers leaves the catalogue out.
const english: Translate = /* @__PURE__ */ createTranslator(questionnaireEn);

/**
 * What the questionnaire asks. Every count is a whole number of people.
 * @public
 */
export interface LicenseAnswers {
  /** People who need the desktop Office apps (Word, Excel, Outlook on their PC or Mac). */
  officeWorkers: number;
  /** People who work in the browser and the mobile apps only. */
  webWorkers: number;
  /** Frontline staff on shared or mobile devices. */
  frontlineWorkers: number;
  /** People who need a phone number in Teams (calls to and from phones). */
  phoneUsers: number;
  /** People who should use Microsoft 365 Copilot. */
  copilotUsers: number;
  /** Whether the organisation needs advanced security and compliance (Defender, Purview, eDiscovery). */
  advancedSecurity: boolean;
}

/**
 * The form's text values, as typed.
 * @public
 */
export type LicenseAnswersForm = Record<Exclude<keyof LicenseAnswers, 'advancedSecurity'>, string> & {
  advancedSecurity: boolean;
};

/**
 * The counts of the questionnaire, in the order the form asks them.
 * @internal
 */
export const LICENSE_COUNTS = [
  'officeWorkers',
  'webWorkers',
  'frontlineWorkers',
  'phoneUsers',
  'copilotUsers',
] as const;

/** The most people one count takes. */
export const LICENSE_COUNT_MAX = 100_000;

/**
 * Microsoft's cap on the Business plans: an organisation of at most this many people is offered
 * Microsoft 365 Business Premium and Business Basic instead of the Enterprise plans.
 */
export const BUSINESS_PLAN_MAX_USERS = 300;

/**
 * A licence the questionnaire can recommend, with its list price a user a month (USD).
 * @public
 */
export interface CatalogueLicense {
  /** The licence's name. */
  sku: string;
  /** Its list price a user a month (USD). */
  listPrice: number;
}

/**
 * The licences the questionnaire weighs, with their list prices a user a month (USD).
 * @internal
 */
export const LICENSE_CATALOGUE: readonly CatalogueLicense[] = [
  { sku: 'Microsoft 365 E5', listPrice: 57 },
  { sku: 'Microsoft 365 E3', listPrice: 36 },
  { sku: 'Microsoft 365 Business Premium', listPrice: 22 },
  { sku: 'Office 365 E1', listPrice: 10 },
  { sku: 'Microsoft 365 Business Basic', listPrice: 6 },
  { sku: 'Microsoft 365 F3', listPrice: 8 },
  { sku: 'Teams Phone Standard', listPrice: 8 },
  { sku: 'Microsoft 365 Copilot', listPrice: 30 },
];

/**
 * One licence of an evaluation: what the tenant buys today against what fits the answers.
 * @public
 */
export interface LicenseLine {
  /** The licence's name. */
  sku: string;
  /** How many the tenant buys today. */
  currentQuantity: number;
  /** How many fit the answers. */
  recommendedQuantity: number;
  /** The tenant's price when it buys the licence today, else the list price. */
  unitPrice: number;
  /** What the tenant pays for it today, a month. */
  currentCost: number;
  /** What the recommended quantity would cost, a month. */
  recommendedCost: number;
}

/**
 * What the questionnaire recommends.
 * @public
 */
export interface LicenseEvaluation {
  /** The catalogue's licences the tenant buys or should buy, in catalogue order. */
  lines: LicenseLine[];
  /** People counted: office, web and frontline workers. */
  people: number;
  /** Whether the Business plans fit (at most {@link BUSINESS_PLAN_MAX_USERS} people). */
  businessPlans: boolean;
  /** What the tenant pays today for the catalogue's licences, a month. */
  currentCost: number;
  /** What the recommendation would cost, a month. */
  recommendedCost: number;
  /** recommendedCost − currentCost: negative is a saving. */
  difference: number;
}

/**
 * A licence the tenant buys today.
 * @public
 */
export interface OwnedLicense {
  /** The licence's name. */
  sku: string;
  /** Licences purchased. */
  quantity: number;
  /** The price the tenant pays a user a month. */
  unitPrice: number;
}

const WHOLE = /^\d+$/;
const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * The questionnaire's problems, by field, in `t`'s words (English by default); none when the answers can be evaluated.
 * @public
 */
export function licenseAnswersProblems(
  form: LicenseAnswersForm,
  t: Translate = english,
): FormProblems<keyof LicenseAnswersForm> {
  const problems: FormProblems<keyof LicenseAnswersForm> = {};
  const counts: Partial<Record<(typeof LICENSE_COUNTS)[number], number>> = {};
  for (const key of LICENSE_COUNTS) {
    const text = form[key].trim();
    if (!WHOLE.test(text) || Number(text) > LICENSE_COUNT_MAX) problems[key] = t('questionnaire.problem.count');
    else counts[key] = Number(text);
  }
  const { officeWorkers, webWorkers, frontlineWorkers, phoneUsers, copilotUsers } = counts;
  if (officeWorkers !== undefined && webWorkers !== undefined && frontlineWorkers !== undefined) {
    const people = officeWorkers + webWorkers + frontlineWorkers;
    if (people === 0) problems.officeWorkers = t('questionnaire.problem.nobody');
    if (phoneUsers !== undefined && phoneUsers > people) problems.phoneUsers = t('questionnaire.problem.phoneUsers');
    if (copilotUsers !== undefined && copilotUsers > officeWorkers + webWorkers)
      problems.copilotUsers = t('questionnaire.problem.copilotUsers');
  }
  return problems;
}

/**
 * The answers of a form with no problems.
 * @public
 */
export function licenseAnswersOf(form: LicenseAnswersForm): LicenseAnswers {
  return {
    officeWorkers: Number(form.officeWorkers.trim()),
    webWorkers: Number(form.webWorkers.trim()),
    frontlineWorkers: Number(form.frontlineWorkers.trim()),
    phoneUsers: Number(form.phoneUsers.trim()),
    copilotUsers: Number(form.copilotUsers.trim()),
    advancedSecurity: form.advancedSecurity,
  };
}

/**
 * The form of saved answers.
 * @public
 */
export function licenseAnswersForm(answers: LicenseAnswers): LicenseAnswersForm {
  return {
    officeWorkers: String(answers.officeWorkers),
    webWorkers: String(answers.webWorkers),
    frontlineWorkers: String(answers.frontlineWorkers),
    phoneUsers: String(answers.phoneUsers),
    copilotUsers: String(answers.copilotUsers),
    advancedSecurity: answers.advancedSecurity,
  };
}

/**
 * The problems of answers that arrive as JSON (the server checks a request body with the form's rule), in `t`'s words.
 * @public
 */
export function licenseAnswersJsonProblems(
  value: unknown,
  t: Translate = english,
): FormProblems<keyof LicenseAnswersForm> | null {
  if (typeof value !== 'object' || value === null) return { officeWorkers: t('questionnaire.problem.object') };
  const record = value as Record<string, unknown>;
  const form = {} as LicenseAnswersForm;
  for (const key of LICENSE_COUNTS) {
    const v = record[key];
    form[key] = typeof v === 'number' && Number.isInteger(v) && v >= 0 ? String(v) : 'x';
  }
  if (typeof record.advancedSecurity !== 'boolean')
    return {
      ...licenseAnswersProblems({ ...form, advancedSecurity: false }, t),
      advancedSecurity: t('questionnaire.problem.yesNo'),
    };
  form.advancedSecurity = record.advancedSecurity;
  const problems = licenseAnswersProblems(form, t);
  return Object.keys(problems).length > 0 ? problems : null;
}

/**
 * The licences that fit the answers, priced at the tenant's prices where it buys the licence and at
 * list price otherwise, against what it buys today:
 * - office workers: Microsoft 365 E5 with advanced security, else E3; Business Premium when the
 *   Business plans fit (at most 300 people);
 * - web workers: Office 365 E1, or Business Basic;
 * - frontline workers: Microsoft 365 F3;
 * - a phone number: Teams Phone Standard, except for E5 holders (E5 includes Teams Phone);
 * - Copilot: Microsoft 365 Copilot, an add-on.
 * @public
 */
export function evaluateLicenses(answers: LicenseAnswers, owned: readonly OwnedLicense[]): LicenseEvaluation {
  const people = answers.officeWorkers + answers.webWorkers + answers.frontlineWorkers;
  const businessPlans = people <= BUSINESS_PLAN_MAX_USERS;
  const e5 = !businessPlans && answers.advancedSecurity;
  const office = businessPlans ? 'Microsoft 365 Business Premium' : e5 ? 'Microsoft 365 E5' : 'Microsoft 365 E3';
  const web = businessPlans ? 'Microsoft 365 Business Basic' : 'Office 365 E1';
  const phoneIncluded = e5 ? Math.min(answers.phoneUsers, answers.officeWorkers) : 0;
  const recommended = new Map<string, number>([
    [office, answers.officeWorkers],
    [web, answers.webWorkers],
    ['Microsoft 365 F3', answers.frontlineWorkers],
    ['Teams Phone Standard', answers.phoneUsers - phoneIncluded],
    ['Microsoft 365 Copilot', answers.copilotUsers],
  ]);
  const lines: LicenseLine[] = [];
  for (const { sku, listPrice } of LICENSE_CATALOGUE) {
    const mine = owned.find((o) => o.sku === sku);
    const currentQuantity = mine?.quantity ?? 0;
    const recommendedQuantity = recommended.get(sku) ?? 0;
    if (currentQuantity === 0 && recommendedQuantity === 0) continue;
    const unitPrice = mine?.unitPrice ?? listPrice;
    lines.push({
      sku,
      currentQuantity,
      recommendedQuantity,
      unitPrice,
      currentCost: cents(currentQuantity * unitPrice),
      recommendedCost: cents(recommendedQuantity * unitPrice),
    });
  }
  const currentCost = cents(lines.reduce((sum, l) => sum + l.currentCost, 0));
  const recommendedCost = cents(lines.reduce((sum, l) => sum + l.recommendedCost, 0));
  return {
    lines,
    people,
    businessPlans,
    currentCost,
    recommendedCost,
    difference: cents(recommendedCost - currentCost),
  };
}
