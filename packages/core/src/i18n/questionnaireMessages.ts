// spec §2 `license-questionnaire` (none of these texts is quoted by the spec)
/**
 * The licence questionnaire's English messages (these texts are ours). Registered by the page.
 * @public
 */
export const questionnaireEn = {
  'questionnaire.title': 'Licence questionnaire',
  'questionnaire.intro':
    'Tell us how your people work, and we recommend the Microsoft 365 licences that fit, with their cost a month against what you buy today.',
  'questionnaire.suggested':
    'These answers are suggested from your users and the licences they hold. Change them and save.',
  'questionnaire.savedBy': 'Saved by {name} on {date}.',
  'questionnaire.officeWorkers': 'People who need the desktop Office apps',
  'questionnaire.officeWorkers.hint': 'Word, Excel and Outlook installed on their PC or Mac.',
  'questionnaire.webWorkers': 'People who work in the browser and mobile apps only',
  'questionnaire.frontlineWorkers': 'Frontline workers on shared or mobile devices',
  'questionnaire.phoneUsers': 'People who need a phone number in Teams',
  'questionnaire.copilotUsers': 'People who should use Microsoft 365 Copilot',
  'questionnaire.advancedSecurity': 'We need advanced security and compliance (Defender, Purview, eDiscovery)',
  'questionnaire.preview': 'Preview recommendation',
  'questionnaire.save': 'Save answers',
  'questionnaire.saving': 'Saving…',
  'questionnaire.saved': 'Answers saved',
  'questionnaire.saveFailed': 'The answers could not be saved: {reason}',
  'questionnaire.previewFailed': 'The recommendation could not be worked out: {reason}',
  'questionnaire.fix': 'Correct the answers marked below.',
  'questionnaire.result': 'Recommended licences',
  'questionnaire.resultPreview': 'Recommended licences (not saved)',
  'questionnaire.license': 'Licence',
  'questionnaire.current': 'You buy',
  'questionnaire.recommended': 'Recommended',
  'questionnaire.unitPrice': 'Price a user a month',
  'questionnaire.currentCost': 'Cost a month today',
  'questionnaire.recommendedCost': 'Recommended cost a month',
  'questionnaire.total': 'Total',
  'questionnaire.saving.amount': 'The recommendation saves {amount} a month.',
  'questionnaire.extra.amount': 'The recommendation costs {amount} a month more.',
  'questionnaire.same': 'The recommendation costs what you pay today.',
  'questionnaire.businessPlans': 'With {people} people, the Business plans fit (300 people at most).',
  'questionnaire.enterprisePlans': 'With {people} people, the Enterprise plans fit (the Business plans stop at 300).',
  'questionnaire.loading': 'Loading the licence questionnaire',
  'questionnaire.failed': 'The licence questionnaire could not be loaded.',
  'questionnaire.retry': 'Try again',
  // An answer's problem (rules/licenseQuestionnaire), under its field and in the server's 400.
  'questionnaire.problem.count': 'Enter a whole number from 0 to 100,000.',
  'questionnaire.problem.nobody': 'Count at least one person who works in one of these ways.',
  'questionnaire.problem.phoneUsers': 'People with a phone number cannot outnumber the people counted above.',
  'questionnaire.problem.copilotUsers': 'Copilot is for office and web workers: count no more than them.',
  'questionnaire.problem.object': 'Send the answers as an object.',
  'questionnaire.problem.yesNo': 'Answer yes or no.',
} as const;
