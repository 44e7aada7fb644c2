// spec §2 "Feedback dialog", §3 "Feedback", §5 "Feedback", §9 "Feedback comment max", "Star count"
/**
 * Rules of the feedback dialog, shared by the dialog and the reference server so the form
 * and `POST /api/portal/menu/feedback` say the same thing.
 */
import { feedbackEn } from '../i18n/feedbackMessages';
import { createTranslator, type MessageKey, type Translate } from '../i18n/messages';
import { FEEDBACK_COMMENT_MAX, STAR_COUNT } from './constants';
import type { ToastKind } from './toasts';

// The English texts, whether or not a page has registered the dialog's messages (the server too).
// Pure, so a bundle that uses none of these rules leaves the catalogue out.
const english: Translate = /* @__PURE__ */ createTranslator(feedbackEn);

// spec §3 "Types: Feedback, FR (shown as Feature Request), Bug, Comment, Suggestion."
/**
 * The kinds of feedback a user may send, in dropdown order ('FR' is shown as 'Feature Request').
 * @public
 */
export const FEEDBACK_TYPES = ['Feedback', 'FR', 'Bug', 'Comment', 'Suggestion'] as const;

/**
 * One of {@link FEEDBACK_TYPES}.
 * @public
 */
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

// spec §3
/** The label each type is shown with in the type dropdown. */
export const FEEDBACK_TYPE_LABELS: Readonly<Record<FeedbackType, string>> = {
  Feedback: 'Feedback',
  FR: 'Feature Request',
  Bug: 'Bug',
  Comment: 'Comment',
  Suggestion: 'Suggestion',
};

/** The type a new feedback form starts with. */
export const DEFAULT_FEEDBACK_TYPE: FeedbackType = 'Feedback';

/**
 * Whether `value` is one of the feedback types.
 * @public
 */
export function isFeedbackType(value: unknown): value is FeedbackType {
  return typeof value === 'string' && (FEEDBACK_TYPES as readonly string[]).includes(value);
}

// spec §3
/**
 * The label of a type ('FR' is shown as 'Feature Request'); an unknown value is shown as is.
 * @public
 */
export function feedbackTypeLabel(type: string): string {
  return isFeedbackType(type) ? FEEDBACK_TYPE_LABELS[type] : type;
}

// spec §2
/**
 * The dialog title, 'Feedback: {page display name}'.
 * @public
 */
export function feedbackDialogTitle(pageDisplayName: string, t: Translate = english): string {
  return t('feedback.title', { name: pageDisplayName });
}

// spec §3
/**
 * The type dropdown's text of a type, from the catalogue ('FR' is 'Feature Request').
 * @public
 */
export function feedbackTypeText(type: FeedbackType, t: Translate = english): string {
  return t(`feedback.type.${type}` satisfies MessageKey);
}

// spec §9 "Star count"
/**
 * The accessible name of a rating — 'No rating' (0), '1 star', '{n} stars'.
 * @public
 */
export function feedbackRatingLabel(rating: number, t: Translate = english): string {
  if (rating === 0) return t('feedback.rating.none');
  return rating === 1 ? t('feedback.rating.one') : t('feedback.rating.many', { count: rating });
}

// spec §5 / §9
/**
 * The comment box's counter, 'n / 2000' (n counts UTF-16 units, as `maxlength` would).
 * @public
 */
export function feedbackCounterText(comment: string, t: Translate = english): string {
  return t('feedback.comment.counter', { count: comment.length, max: FEEDBACK_COMMENT_MAX });
}

// spec §5 "Feedback"
/**
 * The comment's message — required (a non-whitespace character), at most 2000
 * characters — or null when it is valid. {@link validateFeedback} answers the same.
 * @public
 */
export function feedbackCommentError(comment: unknown, t: Translate = english): string | null {
  if (typeof comment !== 'string' || !comment.trim()) return t('feedback.comment.required');
  if (comment.length > FEEDBACK_COMMENT_MAX) return t('feedback.comment.tooLong', { max: FEEDBACK_COMMENT_MAX });
  return null;
}

/**
 * A toast of the feedback dialog, as `client.toast` takes it.
 * @public
 */
export interface FeedbackToast {
  /** The toast's title. */
  title: string;
  /** Its text. */
  text: string;
  /** How it is styled. */
  kind: ToastKind;
}

// spec §8 "Feedback"
/**
 * After a send, 'Thank you' / 'Your feedback has been submitted and will be
 * reviewed by our team.' (success), or on any failure 'Error' / 'Something went wrong, please try
 * again later.' (error).
 * @public
 */
export function feedbackToast(outcome: 'sent' | 'failed', t: Translate = english): FeedbackToast {
  return outcome === 'sent'
    ? { title: t('feedback.sent.title'), text: t('feedback.sent.text'), kind: 'success' }
    : { title: t('feedback.failed.title'), text: t('feedback.failed.text'), kind: 'error' };
}

/**
 * The validation messages the form shows under a field, and the server answers in its 400.
 * @public
 */
export const FEEDBACK_MESSAGES = {
  // spec §5 "The comment is required"
  /** The comment is missing or only whitespace. */
  commentRequired: /* @__PURE__ */ english('feedback.comment.required'),
  // spec §5 "max 2000 characters" / §9 "Feedback comment max"
  /** The comment is longer than 2000 characters. */
  commentTooLong: /* @__PURE__ */ english('feedback.comment.tooLong', { max: FEEDBACK_COMMENT_MAX }),
  // spec §3 "rating (0-5)", §9 "Star count"
  /** The rating is not a whole number of stars from 0 to 5. */
  ratingRange: /* @__PURE__ */ english('feedback.rating.range', { max: STAR_COUNT }),
  // spec §3 "Types"
  /** The type is not one of the feedback types. */
  typeUnknown: /* @__PURE__ */ feedbackTypeError(english),
  /** The feedback must be about a page of the caller's menu. */
  menuItemRequired: /* @__PURE__ */ english('feedback.menuItem.required'),
  /** A named tab must be one of the page's tabs. */
  tabUnknown: /* @__PURE__ */ english('feedback.tab.unknown'),
} as const;

// spec §3 "Types"
/** 'Type must be one of Feedback, Feature Request, …' in `t`'s words. */
/*@__NO_SIDE_EFFECTS__*/
function feedbackTypeError(t: Translate): string {
  return t('feedback.type.unknown', { types: FEEDBACK_TYPES.map((type) => feedbackTypeText(type, t)).join(', ') });
}

/**
 * A feedback form's values as typed (anything may be missing or wrong).
 * @public
 */
export interface FeedbackDraft {
  /** The menu item the feedback is about. */
  menuUuid?: unknown;
  /** The tab it is about. */
  tabName?: unknown;
  /** The stars given. */
  rating?: unknown;
  /** The kind of feedback. */
  type?: unknown;
  /** The comment. */
  comment?: unknown;
}

/**
 * Field → message of each invalid field; empty when the feedback is valid.
 * @public
 */
export type FeedbackErrors = Partial<Record<'menuUuid' | 'rating' | 'type' | 'comment', string>>;

// spec §5 "Feedback"
/**
 * The comment is required (a non-whitespace character) and at most 2000
 * characters; the rating is a whole number of stars from 0 to 5; the type is one of the five; the
 * feedback names the menu item it is about. Returns one message per invalid field, in `t`'s words
 * (English by default).
 * @public
 */
export function validateFeedback(draft: FeedbackDraft, t: Translate = english): FeedbackErrors {
  const errors: FeedbackErrors = {};
  if (typeof draft.menuUuid !== 'string' || !draft.menuUuid.trim()) errors.menuUuid = t('feedback.menuItem.required');
  if (
    typeof draft.rating !== 'number' ||
    !Number.isInteger(draft.rating) ||
    draft.rating < 0 ||
    draft.rating > STAR_COUNT
  )
    errors.rating = t('feedback.rating.range', { max: STAR_COUNT });
  if (!isFeedbackType(draft.type)) errors.type = feedbackTypeError(t);
  const comment = feedbackCommentError(draft.comment, t);
  if (comment) errors.comment = comment;
  return errors;
}

/**
 * The first message of {@link validateFeedback} in field order, or null when the feedback is valid.
 * @public
 */
export function firstFeedbackError(draft: FeedbackDraft, t: Translate = english): string | null {
  const errors = validateFeedback(draft, t);
  return errors.menuUuid ?? errors.rating ?? errors.type ?? errors.comment ?? null;
}

// spec §5 "Submit is disabled while the form is invalid or untouched."
/**
 * Whether the form may be sent: only once the user has touched it and every field is valid.
 * @public
 */
export function canSubmitFeedback(draft: FeedbackDraft, touched: boolean): boolean {
  return touched && firstFeedbackError(draft) === null;
}
