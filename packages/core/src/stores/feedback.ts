import { atom, type ReadableAtom } from 'nanostores';
import type { FeedbackInput, StoredFeedback } from '../api/portal';
import { clientPart } from '../client/parts';
import type { PortalClient } from '../client/createPortalClient';
import { feedbackEn } from '../i18n/feedbackMessages';
import { registerMessages } from '../i18n/messages';
import { canSubmitFeedback, DEFAULT_FEEDBACK_TYPE, feedbackToast, type FeedbackType } from '../rules/feedback';

// spec §3 "Feedback"
/**
 * The page (and tab) a feedback is about: its draft's key (menuUuid, tabName).
 * @public
 */
export interface FeedbackTarget {
  /** The menu item the feedback is about. */
  menuUuid: string;
  /** The tab of a tabbed page; null or absent for the page itself. */
  tabName?: string | null;
}

/**
 * The fields of the feedback form a user changes.
 * @public
 */
export interface FeedbackFields {
  // spec §9 "Star count"
  /** 0 (none chosen) to 5 stars. */
  rating: number;
  /** The kind of feedback. */
  type: FeedbackType;
  /** The comment as typed. */
  comment: string;
}

/**
 * One page's feedback form as the user left it.
 * @public
 */
export interface FeedbackDraftState extends FeedbackFields {
  // spec §5
  /** Some field was changed (Submit is disabled while the form is untouched). */
  touched: boolean;
  /** The comment was edited: its message may show. */
  commentTouched: boolean;
  /** The draft is being sent. */
  sending: boolean;
}

// spec §2 "Feedback dialog", §5, §8
/**
 * The feedback drafts of one portal client and their actions.
 * @public
 */
export interface PortalFeedback {
  /** Every unsent draft by {@link feedbackDraftKey}; a page without one is absent. */
  readonly $drafts: ReadableAtom<Readonly<Record<string, FeedbackDraftState>>>;
  /** The draft of `target`, or an empty, untouched form. */
  draftFor(target: FeedbackTarget): FeedbackDraftState;
  /** Changes fields of `target`'s draft (it becomes touched; the comment's message may show once it was edited). */
  update(target: FeedbackTarget, patch: Partial<FeedbackFields>): void;
  // spec §8
  /**
   * Sends `target`'s draft when it may be sent (touched and valid, not already sending) and toasts
   * the outcome. Sent: the draft is cleared and the stored entry answered. Failed: the
   * draft is kept exactly as it was and null answered.
   */
  submit(target: FeedbackTarget): Promise<StoredFeedback | null>;
  /** Forgets every draft (logout). */
  reset(): void;
}

// spec §3 (feedback types start at 'Feedback')
/**
 * An empty, untouched form (rating 0: none chosen; the type is the first one, 'Feedback').
 * @internal
 */
export const EMPTY_FEEDBACK_DRAFT: FeedbackDraftState = Object.freeze({
  rating: 0,
  type: DEFAULT_FEEDBACK_TYPE,
  comment: '',
  touched: false,
  commentTouched: false,
  sending: false,
});

/**
 * The key of a page's draft: the menu item and the tab (no tab and an empty tab are the same).
 * @public
 */
export function feedbackDraftKey({ menuUuid, tabName }: FeedbackTarget): string {
  return JSON.stringify([menuUuid, tabName || null]);
}

function createPortalFeedback(client: PortalClient): PortalFeedback {
  // The toasts' texts (`feedback.*`), also when no dialog has loaded them.
  registerMessages(feedbackEn);
  const $drafts = atom<Readonly<Record<string, FeedbackDraftState>>>({});
  // A logout bumps it, so an answer that comes back after it does not bring a draft back.
  let generation = 0;
  const get = (key: string) => $drafts.get()[key] ?? EMPTY_FEEDBACK_DRAFT;
  const set = (key: string, draft: FeedbackDraftState | null) => {
    const { [key]: _old, ...rest } = $drafts.get();
    $drafts.set(draft ? { ...rest, [key]: draft } : rest);
  };

  const feedback: PortalFeedback = {
    $drafts,
    draftFor: (target) => get(feedbackDraftKey(target)),
    update(target, patch) {
      const key = feedbackDraftKey(target);
      const draft = get(key);
      set(key, {
        ...draft,
        ...patch,
        touched: true,
        commentTouched: draft.commentTouched || patch.comment !== undefined,
      });
    },
    async submit(target) {
      const key = feedbackDraftKey(target);
      const draft = get(key);
      const input: FeedbackInput = {
        menuUuid: target.menuUuid,
        tabName: target.tabName || null,
        rating: draft.rating,
        type: draft.type,
        comment: draft.comment,
      };
      if (draft.sending || !canSubmitFeedback(input, draft.touched)) return null;
      const mine = generation;
      set(key, { ...draft, sending: true });
      try {
        const stored = await client.api.portal.sendFeedback(input);
        if (mine !== generation) return null;
        set(key, null);
        client.toast(feedbackToast('sent', client.t));
        return stored;
      } catch {
        if (mine !== generation) return null;
        // Spec §8, and nothing typed is lost: the draft stays for another try.
        set(key, { ...get(key), sending: false });
        client.toast(feedbackToast('failed', client.t));
        return null;
      }
    },
    reset() {
      generation++;
      $drafts.set({});
    },
  };
  // Spec §4: logout resets the data cache — unsent drafts with it.
  client.onReset(feedback.reset);
  return feedback;
}

// spec §2 "Feedback dialog"
/**
 * The feedback drafts of `client`: one per page and tab, kept while the
 * dialog is closed until it is sent, created on first use (one per client) and forgotten on logout.
 * @public
 */
export function portalFeedback(client: PortalClient): PortalFeedback {
  return clientPart(client, createPortalFeedback);
}
