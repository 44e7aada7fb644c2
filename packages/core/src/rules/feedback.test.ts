import { describe, expect, it } from 'vitest';
import { FEEDBACK_COMMENT_MAX, STAR_COUNT } from './constants';
import { feedbackEn } from '../i18n/feedbackMessages';
import { createTranslator } from '../i18n/messages';
import {
  canSubmitFeedback,
  DEFAULT_FEEDBACK_TYPE,
  FEEDBACK_MESSAGES,
  FEEDBACK_TYPE_LABELS,
  FEEDBACK_TYPES,
  feedbackCommentError,
  feedbackCounterText,
  feedbackDialogTitle,
  feedbackRatingLabel,
  feedbackToast,
  feedbackTypeLabel,
  feedbackTypeText,
  firstFeedbackError,
  isFeedbackType,
  validateFeedback,
} from './feedback';

const valid = { menuUuid: 'item-1', tabName: null, rating: 4, type: 'Bug', comment: 'The export button does nothing.' };

describe('feedback rules (spec §2 "Feedback dialog", §3 "Feedback", §5)', () => {
  it('given the types of §3, FR is shown as Feature Request and the others as themselves', () => {
    expect(FEEDBACK_TYPES).toEqual(['Feedback', 'FR', 'Bug', 'Comment', 'Suggestion']);
    expect(FEEDBACK_TYPES.map((t) => FEEDBACK_TYPE_LABELS[t])).toEqual([
      'Feedback',
      'Feature Request',
      'Bug',
      'Comment',
      'Suggestion',
    ]);
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
    for (const comment of [undefined, '', '  \n\t ', 42])
      expect(validateFeedback({ ...valid, comment })).toEqual({ comment: 'Comment is required.' });
  });

  it('given a comment over 2000 characters, the message is "Maximum length is 2000 characters."', () => {
    expect(validateFeedback({ ...valid, comment: 'x'.repeat(FEEDBACK_COMMENT_MAX + 1) })).toEqual({
      comment: 'Maximum length is 2000 characters.',
    });
  });

  it('given a rating that is not a whole number from 0 to 5, the message says so', () => {
    expect(FEEDBACK_MESSAGES.ratingRange).toBe('Rating must be a whole number from 0 to 5.');
    for (const rating of [-1, 6, 2.5, '4', undefined, null, Number.NaN])
      expect(validateFeedback({ ...valid, rating })).toEqual({ rating: FEEDBACK_MESSAGES.ratingRange });
  });

  it('given an unknown type, the message lists the types by their labels', () => {
    expect(FEEDBACK_MESSAGES.typeUnknown).toBe(
      'Type must be one of Feedback, Feature Request, Bug, Comment, Suggestion.',
    );
    for (const type of ['Praise', 'Feature Request', '', undefined])
      expect(validateFeedback({ ...valid, type })).toEqual({ type: FEEDBACK_MESSAGES.typeUnknown });
  });

  it('given no menu item, the message is that feedback must be about a page; the tab message exists for the server', () => {
    expect(FEEDBACK_MESSAGES.menuItemRequired).toBe('Feedback must be about a page of your menu.');
    for (const menuUuid of [undefined, '', '   ', 7])
      expect(validateFeedback({ ...valid, menuUuid })).toEqual({ menuUuid: FEEDBACK_MESSAGES.menuItemRequired });
    expect(FEEDBACK_MESSAGES.tabUnknown).toBe('The tab is not part of this page.');
  });

  it('given several invalid fields, each has its message and the first is in form order (page, rating, type, comment)', () => {
    const draft = { rating: 9, type: 'x', comment: '' };
    expect(validateFeedback(draft)).toEqual({
      menuUuid: FEEDBACK_MESSAGES.menuItemRequired,
      rating: FEEDBACK_MESSAGES.ratingRange,
      type: FEEDBACK_MESSAGES.typeUnknown,
      comment: FEEDBACK_MESSAGES.commentRequired,
    });
    expect(firstFeedbackError(draft)).toBe(FEEDBACK_MESSAGES.menuItemRequired);
    expect(firstFeedbackError({ ...valid, type: 'x', comment: '' })).toBe(FEEDBACK_MESSAGES.typeUnknown);
  });

  it('given the form, Submit is enabled only when it is touched and valid (§5)', () => {
    expect(canSubmitFeedback(valid, true)).toBe(true);
    expect(canSubmitFeedback(valid, false)).toBe(false);
    expect(canSubmitFeedback({ ...valid, comment: ' ' }, true)).toBe(false);
  });

  it('given a catalogue, the title is translated; the English catalogue says what the rules say', () => {
    const german = createTranslator({ 'feedback.title': 'Rückmeldung: {name}' });
    expect(feedbackDialogTitle('Billing Overview', german)).toBe('Rückmeldung: Billing Overview');
    expect(FEEDBACK_TYPES.map((t) => feedbackTypeText(t))).toEqual(FEEDBACK_TYPES.map((t) => FEEDBACK_TYPE_LABELS[t]));
    expect(feedbackEn['feedback.comment.required']).toBe(FEEDBACK_MESSAGES.commentRequired);
  });
});

describe('feedback dialog texts (spec §5, §8, §9)', () => {
  it('given a comment, the counter is \'n / 2000\' (spec §5, §9 "Feedback comment max")', () => {
    expect(feedbackCounterText('')).toBe('0 / 2000');
    expect(feedbackCounterText('Great page')).toBe('10 / 2000');
    expect(feedbackCounterText('x'.repeat(FEEDBACK_COMMENT_MAX + 1))).toBe('2001 / 2000');
  });

  it('given a comment, its message is required when blank, the maximum when over 2000, else none', () => {
    expect(feedbackCommentError('')).toBe('Comment is required.');
    expect(feedbackCommentError(' \n ')).toBe('Comment is required.');
    expect(feedbackCommentError(undefined)).toBe('Comment is required.');
    expect(feedbackCommentError('x'.repeat(FEEDBACK_COMMENT_MAX))).toBeNull();
    expect(feedbackCommentError('x'.repeat(FEEDBACK_COMMENT_MAX + 1))).toBe('Maximum length is 2000 characters.');
    const french = createTranslator({ 'feedback.comment.tooLong': '{max} caractères au plus.' });
    expect(feedbackCommentError('x'.repeat(FEEDBACK_COMMENT_MAX + 1), french)).toBe('2000 caractères au plus.');
  });

  it("given a rating, its name is 'No rating', '1 star' or 'n stars' (spec §9 \"Star count\")", () => {
    expect(Array.from({ length: STAR_COUNT + 1 }, (_, n) => feedbackRatingLabel(n))).toEqual([
      'No rating',
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
  });

  it("given a send, the toast is 'Thank you' (success), and on a failure 'Error' (error), exactly as spec §8 says", () => {
    expect(feedbackToast('sent')).toEqual({
      title: 'Thank you',
      text: 'Your feedback has been submitted and will be reviewed by our team.',
      kind: 'success',
    });
    expect(feedbackToast('failed')).toEqual({
      title: 'Error',
      text: 'Something went wrong, please try again later.',
      kind: 'error',
    });
  });
});
