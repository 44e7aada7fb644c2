import { describe, expect, it } from 'vitest';
import { FEEDBACK_COMMENT_MAX, STAR_COUNT } from './constants';
import {
  canSubmitFeedback,
  DEFAULT_FEEDBACK_TYPE,
  FEEDBACK_MESSAGES,
  FEEDBACK_TYPE_LABELS,
  FEEDBACK_TYPES,
  feedbackDialogTitle,
  feedbackTypeLabel,
  firstFeedbackError,
  isFeedbackType,
  validateFeedback,
} from './feedback';

const valid = { menuUuid: 'item-1', tabName: null, rating: 4, type: 'Bug', comment: 'The export button does nothing.' };

describe('feedback rules (spec §2 "Feedback dialog", §3 "Feedback", §5)', () => {
  it('given the types of §3, FR is shown as Feature Request and the others as themselves', () => {
    expect(FEEDBACK_TYPES).toEqual(['Feedback', 'FR', 'Bug', 'Comment', 'Suggestion']);
    expect(FEEDBACK_TYPES.map((t) => FEEDBACK_TYPE_LABELS[t])).toEqual(['Feedback', 'Feature Request', 'Bug', 'Comment', 'Suggestion']);
    expect(feedbackTypeLabel('FR')).toBe('Feature Request');
    expect(feedbackTypeLabel('Bug')).toBe('Bug');
    expect(feedbackTypeLabel('Praise')).toBe('Praise');
    expect(DEFAULT_FEEDBACK_TYPE).toBe('Feedback');
  });

  it('given a value, only the five type codes are feedback types (the label Feature Request is not)', () => {
    expect(isFeedbackType('FR')).toBe(true);
    expect(isFeedbackType('Suggestion')).toBe(true);
    expect(isFeedbackType('Feature Request')).toBe(false);
    expect(isFeedbackType('bug')).toBe(false);
    expect(isFeedbackType(3)).toBe(false);
  });

  it("given a page display name, the title is 'Feedback: {page display name}'", () => {
    expect(feedbackDialogTitle('Billing Overview')).toBe('Feedback: Billing Overview');
  });

  it('given valid feedback (ratings 0 to 5, any type, a comment of up to 2000 characters), there is no message', () => {
    expect(validateFeedback(valid)).toEqual({});
    for (let rating = 0; rating <= STAR_COUNT; rating++) expect(validateFeedback({ ...valid, rating })).toEqual({});
    for (const type of FEEDBACK_TYPES) expect(validateFeedback({ ...valid, type })).toEqual({});
    expect(validateFeedback({ ...valid, comment: 'x'.repeat(FEEDBACK_COMMENT_MAX) })).toEqual({});
    expect(firstFeedbackError(valid)).toBeNull();
  });

  it('given a missing, empty or blank comment, the message is "Comment is required."', () => {
    expect(FEEDBACK_MESSAGES.commentRequired).toBe('Comment is required.');
    for (const comment of [undefined, '', '  \n\t ', 42]) expect(validateFeedback({ ...valid, comment })).toEqual({ comment: 'Comment is required.' });
  });

  it('given a comment over 2000 characters, the message is "Maximum length is 2000 characters."', () => {
    expect(validateFeedback({ ...valid, comment: 'x'.repeat(FEEDBACK_COMMENT_MAX + 1) })).toEqual({ comment: 'Maximum length is 2000 characters.' });
  });

  it('given a rating that is not a whole number from 0 to 5, the message says so', () => {
    expect(FEEDBACK_MESSAGES.ratingRange).toBe('Rating must be a whole number from 0 to 5.');
    for (const rating of [-1, 6, 2.5, '4', undefined, null, Number.NaN]) expect(validateFeedback({ ...valid, rating })).toEqual({ rating: FEEDBACK_MESSAGES.ratingRange });
  });

  it('given an unknown type, the message lists the types by their labels', () => {
    expect(FEEDBACK_MESSAGES.typeUnknown).toBe('Type must be one of Feedback, Feature Request, Bug, Comment, Suggestion.');
    for (const type of ['Praise', 'Feature Request', '', undefined]) expect(validateFeedback({ ...valid, type })).toEqual({ type: FEEDBACK_MESSAGES.typeUnknown });
  });

  it('given no menu item, the message is that feedback must be about a page; the tab message exists for the server', () => {
    expect(FEEDBACK_MESSAGES.menuItemRequired).toBe('Feedback must be about a page of your menu.');
    for (const menuUuid of [undefined, '', '   ', 7]) expect(validateFeedback({ ...valid, menuUuid })).toEqual({ menuUuid: FEEDBACK_MESSAGES.menuItemRequired });
    expect(FEEDBACK_MESSAGES.tabUnknown).toBe('The tab is not part of this page.');
  });

  it('given several invalid fields, each has its message and the first is in form order (page, rating, type, comment)', () => {
    const draft = { rating: 9, type: 'x', comment: '' };
    expect(validateFeedback(draft)).toEqual({ menuUuid: FEEDBACK_MESSAGES.menuItemRequired, rating: FEEDBACK_MESSAGES.ratingRange, type: FEEDBACK_MESSAGES.typeUnknown, comment: FEEDBACK_MESSAGES.commentRequired });
    expect(firstFeedbackError(draft)).toBe(FEEDBACK_MESSAGES.menuItemRequired);
    expect(firstFeedbackError({ ...valid, type: 'x', comment: '' })).toBe(FEEDBACK_MESSAGES.typeUnknown);
  });

  it('given the form, Submit is enabled only when it is touched and valid (§5)', () => {
    expect(canSubmitFeedback(valid, true)).toBe(true);
    expect(canSubmitFeedback(valid, false)).toBe(false);
    expect(canSubmitFeedback({ ...valid, comment: ' ' }, true)).toBe(false);
  });
});
