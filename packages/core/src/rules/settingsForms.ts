/**
 * The settings dashboard's form checks (spec §2 "admin-section-settings-dashboard", §3 "Settings",
 * "Tenant licenses", "Email notification", §7 "Settings and administration service"): what an
 * administrator is told before a form is sent. The server checks the same things again.
 */

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

/** Problems by field name; an empty object means the form may be sent. */
export type FormProblems<F extends string = string> = Partial<Record<F, string>>;

/** The longest product name a tenant may set. */
export const PRODUCT_NAME_MAX = 80;

/** The general settings form, as typed. */
export interface GeneralSettingsForm {
  productName: string;
  salesEmail: string;
  uiSessionTimeout: string;
  eula: string;
}

/** Spec §3 "Settings": product name, sales e-mail, idle time (spec §9 bounds) and the terms URL. */
export function generalSettingsProblems(form: GeneralSettingsForm): FormProblems<keyof GeneralSettingsForm> {
  const problems: FormProblems<keyof GeneralSettingsForm> = {};
  if (form.productName.trim().length > PRODUCT_NAME_MAX)
    problems.productName = `Use at most ${PRODUCT_NAME_MAX} characters.`;
  if (form.salesEmail.trim() && !isValidEmail(form.salesEmail.trim()))
    problems.salesEmail = 'Enter an e-mail address such as sales@example.com.';
  const minutes = Number(form.uiSessionTimeout);
  if (
    !/^\d+$/.test(form.uiSessionTimeout.trim()) ||
    minutes < UI_SESSION_TIMEOUT_MIN_MINUTES ||
    minutes > UI_SESSION_TIMEOUT_MAX_MINUTES
  ) {
    problems.uiSessionTimeout = `Enter whole minutes from ${UI_SESSION_TIMEOUT_MIN_MINUTES} to ${UI_SESSION_TIMEOUT_MAX_MINUTES}.`;
  }
  const eula = form.eula.trim();
  if (eula && !isHttpsUrl(eula) && !isServerPath(eula))
    problems.eula = 'Enter an https:// address or a path on this server.';
  return problems;
}

/** Spec §3 "Tenant licenses": a licence key to activate or de-activate. */
export function licenseKeyProblem(key: string): string | null {
  if (!key.trim()) return 'Enter a licence key.';
  return isValidLicenseKey(key.trim())
    ? null
    : 'A licence key is letters and digits in dash-separated groups, such as CONTOSO-AZURE-CORE.';
}

/** Spec §7 files: an image for the branding (logo, short logo, icon). */
export function brandingFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/') || !isAllowedUploadType(file.type))
    return 'Choose a PNG, JPEG, SVG or ICO image.';
  if (file.size > FILE_UPLOAD_MAX_BYTES) return `Choose an image of at most ${FILE_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`;
  return null;
}

/** The e-mail notification test form, as typed (recipients separated by commas, semicolons or spaces). */
export interface EmailTestForm {
  recipients: string;
  subject: string;
  body: string;
}

/** The recipients of a typed list. */
export function emailRecipients(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/** Spec §3 "Email notification": recipients, subject and body. */
export function emailTestProblems(form: EmailTestForm): FormProblems<keyof EmailTestForm> {
  const problems: FormProblems<keyof EmailTestForm> = {};
  const recipients = emailRecipients(form.recipients);
  const wrong = recipients.find((r) => !isValidEmail(r));
  if (recipients.length === 0) problems.recipients = 'Enter at least one recipient.';
  else if (wrong) problems.recipients = `'${wrong}' is not an e-mail address.`;
  else if (recipients.length > EMAIL_RECIPIENTS_MAX)
    problems.recipients = `Enter at most ${EMAIL_RECIPIENTS_MAX} recipients.`;
  if (!form.subject.trim()) problems.subject = 'Enter a subject.';
  else if (form.subject.length > EMAIL_SUBJECT_MAX) problems.subject = `Use at most ${EMAIL_SUBJECT_MAX} characters.`;
  if (!form.body.trim()) problems.body = 'Enter a message.';
  else if (form.body.length > EMAIL_BODY_MAX) problems.body = `Use at most ${EMAIL_BODY_MAX} characters.`;
  return problems;
}

/** An integration form's fields as typed. */
export type IntegrationForm = Record<string, string>;

const GUID_MESSAGE = 'Enter an id such as 00000000-0000-0000-0000-000000000000.';

/**
 * The integrations' forms (spec §7 `POST /api/csp`, `/api/office365`, `/api/surveil`): ids are
 * GUIDs, the Surveil address is https. A secret may stay empty when one is stored (it is kept).
 */
export function integrationProblems(
  kind: 'csp' | 'office365' | 'surveil',
  form: IntegrationForm,
  hasSecret: boolean,
): FormProblems {
  const problems: FormProblems = {};
  const guid = (field: string) => {
    if (!isGuid((form[field] ?? '').trim())) problems[field] = GUID_MESSAGE;
  };
  const secret = (field: string) => {
    if (!hasSecret && !(form[field] ?? '').trim())
      problems[field] = 'Enter the secret; it is stored and never shown again.';
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
    if (!isHttpsUrl((form.url ?? '').trim())) problems.url = 'Enter an https:// address.';
    secret('apiKey');
  }
  return problems;
}
