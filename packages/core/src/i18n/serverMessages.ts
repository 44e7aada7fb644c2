/**
 * The reference server's own English answers to a request it refuses (its user-facing error
 * messages follow the request's locale): the 4xx and 5xx messages a user can
 * read, which are not a rule's (the rules' messages live in their piece's catalogue). Only the server
 * looks them up (rules/serverAnswers), so no client bundle carries them.
 * @public
 */
export const serverEn = {
  'server.error': 'Something went wrong on the server.',
  'server.input.nul':
    'The value of {where} holds a NUL character (U+0000), which cannot be stored: remove it and send again.',
  'server.input.surrogate':
    'The value of {where} holds half of a UTF-16 surrogate pair, which is not a character and cannot be stored: send whole characters.',
  'server.input.invalidValue':
    'The request holds a value the server cannot store or compare (an impossible date, a number out of range or a malformed text): check it and send again.',
  'server.unavailable':
    'The server cannot reach its database right now, so nothing was read or saved. Try again in a few seconds.',
  'server.starting': 'The server is starting: its database is being prepared. Try again in a few seconds.',
  'server.auth.signInFirst': 'Sign in first: the Authorization header must carry a Bearer app token.',
  'server.auth.chooseTenant': 'Choose a tenant first: this token may only list tenants.',
  'server.auth.tokenInvalid': 'The app token is not valid.',
  'server.account.gone': 'This user no longer exists.',
  'server.settings.adminOnly': 'Only tenant administrators may change settings.',
  'server.email.adminOnly': 'Only tenant administrators may send e-mail notifications.',
  'server.email.outsideTenant': "E-mail notifications go only to your tenant's own users; not to {recipients}.",
  'server.email.rateLimited':
    'Your tenant has queued {max} e-mails in the last hour, the most it may: try again in {minutes} min.',
  'server.terms.mayNotAccept':
    '{notAccepted}: this account may not accept the Terms and Conditions. Please contact your administrator.',
  'server.terms.none': 'No Terms and Conditions are configured.',
  'server.licence.notFound': 'Licence {key} does not exist for your tenant.',
  'server.activate.noLicence':
    'Your tenant has no active licence that matches its account types, so it cannot be activated. Activate a licence first.',
  'server.csp.saveFirst':
    'Save the CSP partner settings, with their application secret, before enabling the CSP integration.',
  'server.office365.saveFirst': 'Save the Office 365 settings before adding permissions.',
  'server.credential.notFound': 'No credential "{name}" is stored for your tenant.',
  'server.credential.notFoundInScope': 'No credential "{name}" with scope {scope} is stored for your tenant.',
  'server.file.expired': 'This file address has expired or is not valid: reload the page for a new one.',
  'server.file.notFound': 'No file "{id}" exists for your tenant.',
  'server.branding.otherTenant': "Branding files may only be read for your own tenant or the server's defaults.",
  'server.branding.notFound': 'No {kind} file exists for this owner.',
  'server.chat.notFound': 'Chat not found.',
  'server.chat.nothingToRegenerate': 'This chat has no answer to regenerate yet.',
  'server.chat.questionRequired': 'Question is required.',
  'server.chat.tooLarge': 'The request is too large: a question with its screenshot may be at most 3 MB.',
  'server.chat.rateLimited.second': 'The assistant answers at most {max} questions a minute. Try again in 1 second.',
  'server.chat.rateLimited.seconds':
    'The assistant answers at most {max} questions a minute. Try again in {count} seconds.',
  'server.chat.datasetNotEnabled': 'The {dataset} dataset is not enabled for your tenant.',
  'server.chat.nameTooLong': 'Chat name must be at most {max} characters',
  'server.data.unlicensed': 'The {dataset} data needs an active {licence} licence, and your tenant has none.',
  'server.data.reasonRequired': "Say why: '{verb}' needs a reason.",
  'server.data.rowNotFound': "There is no {dataset} row '{id}' in your tenant.",
  'server.data.notApplicable': "This row is {status}: '{verb}' does not apply to it.",
  'server.questionnaire.unlicensed':
    'The licence questionnaire needs an active {licence} licence, and your tenant has none.',
  'server.menu.itemNotFound': "No menu item '{id}' is available to you.",
  'server.menu.pageNotFound': "No page '{id}' exists in your menu.",
  'server.video.notFound': "No video '{id}' exists.",
  'server.report.notFound': 'Report {id} does not exist.',
  'server.report.customNotFound': 'Custom report {id} does not exist for your tenant.',
  'server.report.unlicensed': '{name} is not licensed for your tenant.',

  // Why a connected site's visitor is refused (rules/connectedSites, PARTNER_REFUSALS).
  'server.partner.origin-not-registered':
    "This website is not connected to the portal. Ask the portal's administrator to add it under Settings, Connected sites.",
  'server.partner.site-disabled': "This website's connection to the portal is switched off.",
  'server.partner.bad-signature':
    "The sign-in from this website could not be verified: its signature does not match the site's credentials.",
  'server.partner.token-expired': 'The sign-in from this website has expired. Reload the page to sign in again.',
  'server.partner.token-reused': 'This sign-in was already used. Reload the page to sign in again.',
  'server.partner.token-invalid': 'The sign-in from this website is not valid for the portal.',
  'server.partner.user-not-in-tenant': "You have no access to this portal's data. Ask your administrator for access.",
  'server.partner.piece-not-allowed': 'This website may not show this part of the portal.',
  'server.partner.rateLimited': 'This website sends too many requests. Try again in {count} seconds.',
  'server.sites.notFound': "No connected site '{id}' exists for your tenant.",
  'server.sites.secretsMax': 'A site holds at most {max} signing secrets: revoke the old one before adding another.',
  'server.sites.secretNotFound': "The site has no signing secret '{id}'.",
} as const;
