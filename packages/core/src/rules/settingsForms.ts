// spec §2 "admin-section-settings-dashboard", §3 "Settings", "Tenant licenses", "Email notification",
// §7 "Settings and administration service"
/**
 * The settings dashboard's form checks: what an administrator is told before a form is sent. The server checks the same things again.
 */

import { createTranslator, type Translate } from '../i18n/messages';
import { settingsEn } from '../i18n/settingsMessages';
import {
  EMAIL_BODY_MAX,
  EMAIL_RECIPIENTS_MAX,
  EMAIL_SUBJECT_MAX,
  FILE_UPLOAD_MAX_BYTES,
  isAllowedUploadType,
  isGuid,
  isHttpsUrl,
  isServerPath,
  isValidEmail,
  isValidLicenseKey,
  UI_SESSION_TIMEOUT_MAX_MINUTES,
  UI_SESSION_TIMEOUT_MIN_MINUTES,
} from './licenses';

// The English texts, whether or not the dashboard has registered its messages. Pure, so a bundle that
// checks none of these forms leaves the catalogue out.
const english: Translate = /* @__PURE__ */ createTranslator(settingsEn);

/**
 * Problems by field name; an empty object means the form may be sent.
 * @public
 */
export type FormProblems<F extends string = string> = Partial<Record<F, string>>;

/** The longest product name a tenant may set. */
export const PRODUCT_NAME_MAX = 80;

/**
 * The general settings form, as typed.
 * @public
 */
export interface GeneralSettingsForm {
  /** The product name. */
  productName: string;
  /** The sales contact's e-mail address. */
  salesEmail: string;
  /** The idle time in minutes, as typed. */
  uiSessionTimeout: string;
  /** The terms' URL. */
  eula: string;
}

// spec §3 "Settings"; §9 "Idle time" (bounds)
/**
 * The problems of the general settings form: the product name (at most 80 characters), the sales
 * e-mail, the idle time (whole minutes from 5 to 720) and the terms URL (https or a server path).
 * @public
 */
export function generalSettingsProblems(
  form: GeneralSettingsForm,
  t: Translate = english,
): FormProblems<keyof GeneralSettingsForm> {
  const problems: FormProblems<keyof GeneralSettingsForm> = {};
  if (form.productName.trim().length > PRODUCT_NAME_MAX)
    problems.productName = t('settings.problem.tooLong', { max: PRODUCT_NAME_MAX });
  if (form.salesEmail.trim() && !isValidEmail(form.salesEmail.trim()))
    problems.salesEmail = t('settings.problem.email');
  const minutes = Number(form.uiSessionTimeout);
  if (
    !/^\d+$/.test(form.uiSessionTimeout.trim()) ||
    minutes < UI_SESSION_TIMEOUT_MIN_MINUTES ||
    minutes > UI_SESSION_TIMEOUT_MAX_MINUTES
  ) {
    problems.uiSessionTimeout = t('settings.problem.minutes', {
      min: UI_SESSION_TIMEOUT_MIN_MINUTES,
      max: UI_SESSION_TIMEOUT_MAX_MINUTES,
    });
  }
  const eula = form.eula.trim();
  if (eula && !isHttpsUrl(eula) && !isServerPath(eula)) problems.eula = t('settings.problem.eula');
  return problems;
}

// spec §3 "Tenant licenses"
/**
 * The problem of a licence key to activate or de-activate (missing, or not in the key format), or null.
 * @public
 */
export function licenseKeyProblem(key: string, t: Translate = english): string | null {
  if (!key.trim()) return t('settings.problem.licenseKeyRequired');
  return isValidLicenseKey(key.trim()) ? null : t('settings.problem.licenseKey');
}

// spec §7 files
/**
 * The problem of an image uploaded for the branding (logo, short logo, icon): not an accepted image
 * type, or too large; null when it may be uploaded.
 * @public
 */
export function brandingFileProblem(file: { type: string; size: number }, t: Translate = english): string | null {
  if (!file.type.startsWith('image/') || !isAllowedUploadType(file.type)) return t('settings.problem.imageType');
  if (file.size > FILE_UPLOAD_MAX_BYTES)
    return t('settings.problem.imageSize', { max: FILE_UPLOAD_MAX_BYTES / 1024 / 1024 });
  return null;
}

/**
 * The e-mail notification test form, as typed (recipients separated by commas, semicolons or spaces).
 * @public
 */
export interface EmailTestForm {
  /** The recipients, as typed. */
  recipients: string;
  /** The subject line. */
  subject: string;
  /** The message text. */
  body: string;
}

/**
 * The recipients of a typed list.
 * @public
 */
export function emailRecipients(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

// spec §3 "Email notification"
/**
 * The problems of the e-mail notification test form: the recipients (required, valid addresses, at
 * most 20), the subject and the body (required, within their lengths).
 * @public
 */
export function emailTestProblems(form: EmailTestForm, t: Translate = english): FormProblems<keyof EmailTestForm> {
  const problems: FormProblems<keyof EmailTestForm> = {};
  const recipients = emailRecipients(form.recipients);
  const wrong = recipients.find((r) => !isValidEmail(r));
  if (recipients.length === 0) problems.recipients = t('settings.problem.recipientsRequired');
  else if (wrong) problems.recipients = t('settings.problem.recipient', { address: wrong });
  else if (recipients.length > EMAIL_RECIPIENTS_MAX)
    problems.recipients = t('settings.problem.recipientsMax', { max: EMAIL_RECIPIENTS_MAX });
  if (!form.subject.trim()) problems.subject = t('settings.problem.subject');
  else if (form.subject.length > EMAIL_SUBJECT_MAX)
    problems.subject = t('settings.problem.tooLong', { max: EMAIL_SUBJECT_MAX });
  if (!form.body.trim()) problems.body = t('settings.problem.body');
  else if (form.body.length > EMAIL_BODY_MAX) problems.body = t('settings.problem.tooLong', { max: EMAIL_BODY_MAX });
  return problems;
}

/**
 * An integration form's fields as typed.
 * @public
 */
export type IntegrationForm = Record<string, string>;

// spec §7 `POST /api/csp`, `/api/office365`, `/api/surveil`
/**
 * The problems of the integrations' forms (`POST /api/csp`, `/api/office365`, `/api/surveil`): ids are
 * GUIDs, the Surveil address is https. A secret may stay empty when one is stored (it is kept).
 * @public
 */
export function integrationProblems(
  kind: 'csp' | 'office365' | 'surveil',
  form: IntegrationForm,
  hasSecret: boolean,
  t: Translate = english,
): FormProblems {
  const problems: FormProblems = {};
  const guid = (field: string) => {
    if (!isGuid((form[field] ?? '').trim())) problems[field] = t('settings.problem.guid');
  };
  const secret = (field: string) => {
    if (!hasSecret && !(form[field] ?? '').trim()) problems[field] = t('settings.problem.secret');
  };
  if (kind === 'csp') {
    guid('partnerTenantId');
    guid('applicationId');
    secret('applicationSecret');
  } else if (kind === 'office365') {
    guid('directoryId');
    guid('applicationId');
    secret('applicationSecret');
  } else {
    if (!isHttpsUrl((form.url ?? '').trim())) problems.url = t('settings.problem.https');
    secret('apiKey');
  }
  return problems;
}
