import {
  canSubmitFeedback,
  EMPTY_FEEDBACK_DRAFT,
  FEEDBACK_TYPES,
  feedbackCommentError,
  feedbackCounterText,
  feedbackDialogTitle,
  feedbackDraftKey,
  feedbackEn,
  feedbackRatingLabel,
  feedbackTypeText,
  isFeedbackType,
  portalFeedback,
  registerMessages,
  STAR_COUNT,
  type FeedbackType,
  type StoredFeedback,
} from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useLayoutEffect, useRef, type FormEvent } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { StarRating } from '../ui/StarRating';
import { useStyles } from '../ui/useStyles';
import css from './FeedbackDialog.css?inline';

registerMessages(feedbackEn);

/**
 * Props of {@link FeedbackDialog}.
 * @public
 */
export interface FeedbackDialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** Called when the user closes the dialog (Close, Escape, the backdrop) and after a successful send. An unsent draft is kept. */
  onClose: () => void;
  // spec §3 "Feedback"
  /** The menu item (page) the feedback is about: sent as `menuUuid`. */
  menuUuid: string;
  /** The tab of a tabbed page the feedback is about: sent as `tabName`. @default null */
  tabName?: string | null;
  // spec §2
  /** The page's display name: the title is 'Feedback: {pageDisplayName}'. */
  pageDisplayName: string;
  /** Called with the stored entry once the feedback was sent, before `onClose`. */
  onSubmitted?: (detail: StoredFeedback) => void;
  /** Called each time the dialog opens. */
  onOpened?: () => void;
}

/**
 * The feedback form's draft for one page and tab (`portalFeedback(client)`): its fields, the comment's
 * message once edited, whether it may be sent, and `submit`, which reports the stored entry and closes
 * the dialog after a send. Reports each opening of the dialog.
 */
function useFeedbackForm({
  open,
  onClose,
  menuUuid,
  tabName,
  onSubmitted,
  onOpened,
}: Pick<FeedbackDialogProps, 'open' | 'onClose' | 'menuUuid' | 'onSubmitted' | 'onOpened'> & {
  tabName: string | null;
}) {
  const client = usePortalClient();
  const t = useT();
  const feedback = portalFeedback(client);
  const drafts = useStore(feedback.$drafts);
  const target = { menuUuid, tabName };
  const draft = drafts[feedbackDraftKey(target)] ?? EMPTY_FEEDBACK_DRAFT;

  // The latest props, for a send that answers after a re-render (or after the dialog was closed).
  const latest = useRef({ open, onClose, onSubmitted, onOpened });
  useLayoutEffect(() => {
    latest.current = { open, onClose, onSubmitted, onOpened };
  });
  useEffect(() => {
    if (open) latest.current.onOpened?.();
  }, [open]);

  const input = { menuUuid, tabName, rating: draft.rating, type: draft.type, comment: draft.comment };
  const error = draft.commentTouched ? feedbackCommentError(draft.comment, t) : null;
  const canSubmit = !draft.sending && canSubmitFeedback(input, draft.touched);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    const stored = await feedback.submit(target);
    if (!stored) return;
    latest.current.onSubmitted?.(stored);
    if (latest.current.open) latest.current.onClose();
  }

  const update = (patch: Parameters<typeof feedback.update>[1]) => feedback.update(target, patch);
  return { draft, error, canSubmit, submit, update };
}

/** The type dropdown ('FR' shown as 'Feature Request'), with its label. */
function FeedbackTypeField({
  value,
  disabled,
  onChange,
}: {
  value: FeedbackType;
  disabled: boolean;
  onChange: (type: FeedbackType) => void;
}) {
  const t = useT();
  const typeId = useId();
  return (
    <>
      <label htmlFor={typeId} className="cp-feedback__label">
        {t('feedback.type')}
      </label>
      <select
        id={typeId}
        className="cp-feedback__field"
        part="feedback-type"
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const type = event.currentTarget.value;
          if (isFeedbackType(type)) onChange(type);
        }}
      >
        {FEEDBACK_TYPES.map((type) => (
          <option key={type} value={type}>
            {feedbackTypeText(type, t)}
          </option>
        ))}
      </select>
    </>
  );
}

// spec §2 "Feedback dialog"; §5; §8
/**
 * 'Feedback: {page display name}', a 5-star rating (a radio group the
 * arrow keys move through; none chosen is 0), the type dropdown ('FR' shown as 'Feature Request'),
 * the comment box with its 'n / 2000' counter, Close and Submit. The comment is required
 * and at most 2000 characters, its message shows once it was edited, and Submit is disabled while
 * the form is invalid or untouched. 'Thank you' after a send, which clears the draft and
 * closes the dialog; 'Error' after a failure, which keeps the dialog open and the form exactly as it
 * was. The form is a draft of `portalFeedback(client)` per page and tab: closing keeps it until sent.
 * @public
 */
export function FeedbackDialog({
  open,
  onClose,
  menuUuid,
  tabName = null,
  pageDisplayName,
  onSubmitted,
  onOpened,
}: FeedbackDialogProps) {
  const t = useT();
  const { draft, error, canSubmit, submit, update } = useFeedbackForm({
    open,
    onClose,
    menuUuid,
    tabName,
    onSubmitted,
    onOpened,
  });
  const form = useStyles<HTMLFormElement>(css);
  const titleId = useId();
  const commentId = useId();
  const counterId = useId();
  const errorId = useId();

  return (
    <Dialog open={open} labelledBy={titleId} onClose={onClose} className="cp-feedback-dialog" part="feedback-dialog">
      <form
        ref={form}
        className="cp-feedback"
        part="feedback-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-busy={draft.sending || undefined}
        data-state={draft.sending ? 'sending' : undefined}
      >
        <h2 id={titleId} className="cp-feedback__title">
          {feedbackDialogTitle(pageDisplayName, t)}
        </h2>
        <StarRating
          label={t('feedback.rating')}
          value={draft.rating}
          max={STAR_COUNT}
          valueLabel={(stars) => feedbackRatingLabel(stars, t)}
          onValueChange={(rating) => update({ rating })}
          disabled={draft.sending}
          autoFocus
          part="feedback-rating"
        />
        <FeedbackTypeField value={draft.type} disabled={draft.sending} onChange={(type) => update({ type })} />
        <label htmlFor={commentId} className="cp-feedback__label">
          {t('feedback.comment')}
        </label>
        <textarea
          id={commentId}
          className="cp-feedback__field cp-feedback__comment"
          part="feedback-comment"
          rows={6}
          value={draft.comment}
          required
          readOnly={draft.sending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${counterId} ${errorId}` : counterId}
          onChange={(event) => update({ comment: event.currentTarget.value })}
        />
        <div className="cp-feedback__below">
          {error ? (
            <p id={errorId} className="cp-feedback__error" role="alert">
              {error}
            </p>
          ) : null}
          <span
            id={counterId}
            className="cp-feedback__counter"
            part="feedback-counter"
            data-state={error ? 'invalid' : undefined}
          >
            {feedbackCounterText(draft.comment, t)}
          </span>
        </div>
        <p className="cp-visually-hidden" role="status">
          {draft.sending ? t('feedback.sending') : ''}
        </p>
        <div className="cp-feedback__actions">
          <Button onClick={onClose}>{t('feedback.close')}</Button>
          <Button type="submit" variant="primary" part="feedback-submit" disabled={!canSubmit}>
            {t('feedback.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
