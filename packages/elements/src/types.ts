/**
 * TypeScript for partners: the cp-* elements in `HTMLElementTagNameMap` (so
 * `document.querySelector('cp-report')` is typed), their events for a typed `addEventListener`, and
 * their attributes as React 19 JSX intrinsic elements (so `<cp-assistant api-base="…" />` type-checks).
 */
import type {
  ChatAskRefusal,
  ConfirmResult,
  MenuNode,
  PageContext,
  RelatedLink,
  SearchResult,
  SignInRefusal,
  StoredFeedback,
} from '@cloudportal/core';
import type { ReportViewEvents } from '@cloudportal/core/embed';
import type {
  AssistantActionDetail,
  AssistantAnswerDetail,
  AssistantAnswerProgressDetail,
  AssistantMessageSentDetail,
} from '@cloudportal/react/assistant';
import type { PageErrorDetail, PageLoadedDetail, RowActivatedDetail } from '@cloudportal/react/shell';
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { AssistantElementMethods, AssistantElementProps } from './assistant';
import type { FeedbackElementProps } from './feedback';
import type { PortalElement } from './internal/createElement';
import type { PageElementProps } from './page';
import type { ReportElementProps } from './report';
import type { SavedViewsElementProps } from './saved-views';
import type { SearchElementProps } from './search';
import type { ShellElementProps } from './shell';

/**
 * A `cp-*` event: a `CustomEvent` with an object `detail` that bubbles, is composed and is cancelable.
 * @public
 */
export type CpEvent<D> = CustomEvent<D>;

/**
 * The events of `<cp-assistant>`, by name.
 * @public
 */
export interface CpAssistantEventMap {
  /** The dialog opened; `detail: {}`. */
  'cp-assistant-opened': CpEvent<Record<string, never>>;
  /** The dialog closed; `detail: {}`. */
  'cp-assistant-closed': CpEvent<Record<string, never>>;
  /** A question was sent; `detail: { question, dataset }`. */
  'cp-assistant-message-sent': CpEvent<AssistantMessageSentDetail>;
  /** An answer arrived; `detail: { message }` (`message.type` is `'stopped'` when the visitor stopped it). */
  'cp-assistant-answer-received': CpEvent<AssistantAnswerDetail>;
  /** The answer so far while it is written, throttled (at most every 250 ms). */
  'cp-assistant-answer-progress': CpEvent<AssistantAnswerProgressDetail>;
  /** Cancelable: `preventDefault()` keeps the element from opening `url`. */
  'cp-assistant-link-chosen': CpEvent<{ link: RelatedLink; url: string }>;
  /**
   * The visitor chose an action of this page that an answer proposed (see `actions`): do it, and
   * call `respond()` while handling the event to show what happened under its button.
   */
  'cp-assistant-action': CpEvent<AssistantActionEventDetail>;
  /**
   * The portal refused this connected site's visitor, the element's code could not load
   * (`unavailable`), or the page asked what could not be done (an `ask()` over a limit, a refused
   * `context`); `detail: { code, message }`, `message` as the element shows it.
   */
  'cp-assistant-error': CpEvent<AssistantErrorDetail>;
}

/**
 * The `detail` of `cp-assistant-action`: the action, its arguments (checked against its parameters),
 * the answer that proposed it, and `respond` for what the page did.
 * @public
 */
export interface AssistantActionEventDetail extends AssistantActionDetail {
  /**
   * Call while handling the event (at once, not later) with what the page did, as text of at most
   * 1,000 characters or a promise of it: it shows under the action's button and is stored with the answer.
   */
  respond(result: string | Promise<string>): void;
}

/**
 * The `detail` of `cp-assistant-error`.
 * @public
 */
export interface AssistantErrorDetail {
  /** Why: the portal's refusal, `unavailable`, `context-invalid`, `actions-invalid`, or why an `ask()` was refused. */
  code:
    SignInRefusal['code'] | 'unavailable' | 'actions-invalid' | Exclude<ChatAskRefusal, 'cancelled' | 'question-empty'>;
  /** What the element shows, or the refused context's problem. */
  message: string;
}

/**
 * The events of `<cp-report>`, by name.
 * @public
 */
export interface CpReportEventMap {
  /** The report loaded on its page; `detail: { reportId, name, page, pages }`. */
  'cp-report-loaded': CpEvent<ReportViewEvents['loaded']>;
  /** Another page was opened; `detail: { page }`. */
  'cp-report-page-changed': CpEvent<ReportViewEvents['pageChanged']>;
  /** The report cannot be shown (`detail: { status, message }`), or the portal refused this connected site's visitor (`detail: { code, message }`). */
  'cp-report-error': CpEvent<ReportViewEvents['error'] | SignInRefusal>;
  /** A saved view, or the default view (`entryId` null), was applied; `detail: { entryId, name }`. */
  'cp-report-view-applied': CpEvent<ReportViewEvents['viewApplied']>;
  /** The user saved a view; `detail: { entryId, name }`. */
  'cp-report-view-saved': CpEvent<ReportViewEvents['viewSaved']>;
  /** A fresh embed token was set in place, with no new embed; `detail: { expiration }`. */
  'cp-report-token-refreshed': CpEvent<ReportViewEvents['tokenRefreshed']>;
}

/**
 * The events of `<cp-shell>`, by name.
 * @public
 */
export interface CpShellEventMap {
  /** Cancelable: `preventDefault()` keeps the element from opening `url`. */
  'cp-shell-navigate': CpEvent<{ path: string; item: MenuNode | null; url: string }>;
  /** The portal refused this connected site's visitor (`detail: { code, message }`). */
  'cp-shell-error': CpEvent<SignInRefusal>;
}

/**
 * The events of `<cp-page>`, by name.
 * @public
 */
export interface CpPageEventMap {
  /** The page (and tab) is on screen — a grid page once its first rows arrived; again for each tab opened. */
  'cp-page-loaded': CpEvent<PageLoadedDetail>;
  /** Cancelable: `preventDefault()` keeps the element from opening `url`. */
  'cp-page-navigate': CpEvent<{ path: string; url: string }>;
  /** The page shows a placeholder instead (`detail: { name, tab, reason, message }`), or the portal refused this connected site's visitor (`detail: { code, message }`). */
  'cp-page-error': CpEvent<PageErrorDetail | SignInRefusal>;
  /** A visitor opened a row of the page's grid (Enter or a double click); cancelable. */
  'cp-page-row-activated': CpEvent<RowActivatedDetail>;
}

/**
 * The events of `<cp-search>`, by name.
 * @public
 */
export interface CpSearchEventMap {
  /** Cancelable: `preventDefault()` keeps the element from opening `url`. */
  'cp-search-result-chosen': CpEvent<{ path: string; tabName: string | null; url: string; result: SearchResult }>;
  /** The portal refused this connected site's visitor (`detail: { code, message }`). */
  'cp-search-error': CpEvent<SignInRefusal>;
}

/**
 * The events of `<cp-feedback>`, by name.
 * @public
 */
export interface CpFeedbackEventMap {
  /** The dialog opened; `detail: { page, tabName }`. */
  'cp-feedback-opened': CpEvent<{ page: string | undefined; tabName: string | null }>;
  /** The feedback was stored; `detail: { feedback }`, the stored entry. */
  'cp-feedback-submitted': CpEvent<{ feedback: StoredFeedback }>;
  /** The portal refused this connected site's visitor (`detail: { code, message }`). */
  'cp-feedback-error': CpEvent<SignInRefusal>;
}

/**
 * The events of `<cp-confirm-host>`, by name.
 * @public
 */
export interface CpConfirmHostEventMap {
  /** A dialog was answered; `detail: { title, result }` (`result`: `{ result: true }` when confirmed, else null). */
  'cp-confirm-settled': CpEvent<{ title?: string; result: ConfirmResult }>;
}

/**
 * A cp-* element with a typed `addEventListener` / `removeEventListener` for its own events `M` (and every HTML one).
 * @public
 */
export interface CpElement<M = Record<never, never>> extends PortalElement {
  /** Listens for one of the element's own events, its `detail` typed by the event map. */
  addEventListener<K extends keyof M>(
    type: K,
    listener: (this: HTMLElement, event: M[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  /** Listens for an HTML event. */
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: HTMLElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  /** Listens for any event. */
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  /** Stops listening for one of the element's own events. */
  removeEventListener<K extends keyof M>(
    type: K,
    listener: (this: HTMLElement, event: M[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  /** Stops listening for an HTML event. */
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: HTMLElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  /** Stops listening for any event. */
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

/**
 * `<cp-assistant>` as `document.querySelector('cp-assistant')` returns it.
 * @public
 */
export interface CpAssistant
  extends
    CpElement<CpAssistantEventMap>,
    Omit<AssistantElementProps, 'lang' | 'open' | 'context'>,
    AssistantElementMethods {
  /** What the visitor is looking at on this page (see `AssistantElementProps.context`); null: none. */
  context: PageContext | null;
}
/**
 * `<cp-report>` as `document.querySelector('cp-report')` returns it.
 * @public
 */
export interface CpReport extends CpElement<CpReportEventMap>, Omit<ReportElementProps, 'lang'> {}
/**
 * `<cp-saved-views>`.
 * @public
 */
export interface CpSavedViews extends CpElement, Omit<SavedViewsElementProps, 'lang'> {}
/**
 * `<cp-shell>`.
 * @public
 */
export interface CpShell extends CpElement<CpShellEventMap>, Omit<ShellElementProps, 'lang'> {}
/**
 * `<cp-page>` (its `lang` is HTML's own property, reflecting the attribute).
 * @public
 */
export interface CpPage extends CpElement<CpPageEventMap>, Omit<PageElementProps, 'lang'> {}
/**
 * `<cp-search>`.
 * @public
 */
export interface CpSearch extends CpElement<CpSearchEventMap>, Omit<SearchElementProps, 'lang'> {}
/**
 * `<cp-feedback>`.
 * @public
 */
export interface CpFeedback extends CpElement<CpFeedbackEventMap>, Omit<FeedbackElementProps, 'lang'> {}
/**
 * `<cp-toaster>`.
 * @public
 */
export type CpToaster = CpElement;
/**
 * `<cp-confirm-host>`.
 * @public
 */
export type CpConfirmHost = CpElement<CpConfirmHostEventMap>;

/**
 * The attributes of an element in JSX: kebab-case, as in HTML; booleans as `true`/`false` or strings.
 * @public
 */
type Attr<T> = T extends boolean ? boolean | 'true' | 'false' | '' : T extends number ? number | `${number}` : T;

/**
 * JSX props of a cp-* element: its attributes plus the usual HTML ones (`id`, `class`, `slot`, `style`…).
 * @public
 */
export type CpElementJsx<A> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  [K in keyof A]?: Attr<A[K]>;
} & { class?: string };

/**
 * The kebab-case attributes of each element, for JSX.
 * @public
 */
export interface CpElementAttributes {
  /** `<cp-assistant>`'s attributes. */
  'cp-assistant': {
    mode: AssistantElementProps['mode'];
    open: boolean;
    question: string;
    /** JSON: `{ "title": "…", "data": { … } }`. */
    context: string;
    'api-base': string;
    'chat-dataset': string;
    'content-prefix': string;
    preload: AssistantElementProps['preload'];
  };
  /** `<cp-report>`'s attributes. */
  'cp-report': {
    'report-id': string;
    kind: ReportElementProps['kind'];
    'page-name': string;
    'tab-name': string;
    'report-page': string;
    'saved-views': boolean;
    'height-reduction': number;
    'api-base': string;
  };
  /** `<cp-saved-views>`'s attributes. */
  'cp-saved-views': { for: string };
  /** `<cp-shell>`'s attributes. */
  'cp-shell': { 'api-base': string; 'content-prefix': string; docked: boolean; pinned: boolean };
  /** `<cp-search>`'s attributes. */
  'cp-search': { 'api-base': string; 'content-prefix': string; hotkey: boolean };
  /** `<cp-feedback>`'s attributes. */
  'cp-feedback': { page: string; 'tab-name': string; 'api-base': string };
  /** `<cp-page>`'s attributes. */
  'cp-page': { name: string; 'tab-name': string; 'api-base': string; theme: PageElementProps['theme']; lang: string };
  /** `<cp-toaster>` has no attributes. */
  'cp-toaster': Record<never, never>;
  /** `<cp-confirm-host>` has no attributes. */
  'cp-confirm-host': Record<never, never>;
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-assistant': CpAssistant;
    'cp-report': CpReport;
    'cp-saved-views': CpSavedViews;
    'cp-shell': CpShell;
    'cp-search': CpSearch;
    'cp-feedback': CpFeedback;
    'cp-page': CpPage;
    'cp-toaster': CpToaster;
    'cp-confirm-host': CpConfirmHost;
  }
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'cp-assistant': CpElementJsx<CpElementAttributes['cp-assistant']>;
      'cp-report': CpElementJsx<CpElementAttributes['cp-report']>;
      'cp-saved-views': CpElementJsx<CpElementAttributes['cp-saved-views']>;
      'cp-shell': CpElementJsx<CpElementAttributes['cp-shell']>;
      'cp-search': CpElementJsx<CpElementAttributes['cp-search']>;
      'cp-feedback': CpElementJsx<CpElementAttributes['cp-feedback']>;
      'cp-page': CpElementJsx<CpElementAttributes['cp-page']>;
      'cp-toaster': CpElementJsx<CpElementAttributes['cp-toaster']>;
      'cp-confirm-host': CpElementJsx<CpElementAttributes['cp-confirm-host']>;
    }
  }
}
