// spec §2 "Feedback dialog", §3 "Feedback", §5 "Feedback", §8 "Feedback"
/**
 * The feedback dialog's English messages. Kept apart from the core catalogue so a page that never opens the dialog does not
 * download them; the dialog and `portalFeedback(client)` register them.
 * @public
 */
export const feedbackEn = {
  'feedback.title': 'Feedback: {name}',
  'feedback.open': 'Feedback',
  'feedback.signIn': 'Sign in to send feedback',
  'feedback.unknownPage': "The page '{page}' is not in your portal menu.",
  'feedback.rating': 'Rating',
  'feedback.rating.none': 'No rating',
  'feedback.rating.one': '1 star',
  'feedback.rating.many': '{count} stars',
  'feedback.type': 'Type',
  'feedback.type.Feedback': 'Feedback',
  'feedback.type.FR': 'Feature Request',
  'feedback.type.Bug': 'Bug',
  'feedback.type.Comment': 'Comment',
  'feedback.type.Suggestion': 'Suggestion',
  'feedback.comment': 'Comment',
  'feedback.comment.counter': '{count} / {max}',
  'feedback.comment.required': 'Comment is required.',
  'feedback.comment.tooLong': 'Maximum length is {max} characters.',
  // The other fields' rules (rules/feedback), as the reference server answers a feedback it refuses.
  'feedback.rating.range': 'Rating must be a whole number from 0 to {max}.',
  'feedback.type.unknown': 'Type must be one of {types}.',
  'feedback.menuItem.required': 'Feedback must be about a page of your menu.',
  'feedback.tab.unknown': 'The tab is not part of this page.',
  'feedback.close': 'Close',
  'feedback.submit': 'Submit',
  'feedback.sending': 'Sending your feedback',
  'feedback.sent.title': 'Thank you',
  'feedback.sent.text': 'Your feedback has been submitted and will be reviewed by our team.',
  'feedback.failed.title': 'Error',
  'feedback.failed.text': 'Something went wrong, please try again later.',
} as const;
