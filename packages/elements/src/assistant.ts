import type { PageAction, PageContext, Theme } from '@cloudportal/core/rules';
import type { ChatAskOptions, ChatAskOutcome, ChatTranscript, PortalClient } from '@cloudportal/core';
import { chatLauncherEn } from '@cloudportal/core/launcher';
import { renderLauncherButton } from '@cloudportal/react/launcher';
import { createPortalElement, defineOnce, type PortalElement, type StandIn } from './internal/createElement';
import { pendingConfig } from './internal/loader';
import { PAGE_ACTIONS, PAGE_CONTEXT } from './internal/viewProps';
import type * as AssistantHostCalls from './internal/assistantHost';

/**
 * Attributes (and properties) of `<cp-assistant>`.
 * @public
 */
export interface AssistantElementProps {
  /**
   * `launcher`: a floating 'Assistant' button that opens the chat as a right-side dialog;
   * `dialog`: the dialog alone, opened and closed with the `open` attribute/property;
   * `page`: the chat embedded where the element is.
   * @default 'launcher'
   */
  mode?: 'launcher' | 'dialog' | 'page';
  /**
   * Dialog and launcher modes: whether the chat's dialog is open. It follows the dialog (the visitor
   * opening or closing it); the `open()` and `close()` methods set it.
   */
  open?: boolean;
  /**
   * Text to put in the composer, not sent: the visitor reads it, may change it, and sends it. Set
   * again, it replaces what the composer holds.
   */
  question?: string;
  /**
   * What the visitor is looking at on this page: `{ title, data? }` — a title shown on a chip above
   * the composer ('Using: Invoice 4711', which the visitor can remove) and a small JSON object the
   * assistant reads as data from the page, never as instructions; at most 8 KB. Sent with each
   * question while the chip shows. As an attribute, JSON. A context that is not valid is refused:
   * none is used, and `cp-assistant-error` says why (`code: 'context-invalid'`). `null` removes it.
   */
  context?: PageContext | null;
  /**
   * The actions this page offers (a property, not an attribute): `{ name, description, parameters }`
   * each, `parameters` a JSON Schema of their arguments. Sent with each question; the assistant may
   * propose one in an answer as a button ('Open invoice 4711'), and only the visitor's click raises
   * `cp-assistant-action` — the element never runs anything itself. Actions that are not valid are
   * refused: none are offered, and `cp-assistant-error` says why (`code: 'actions-invalid'`).
   */
  actions?: readonly PageAction[];
  /** Origin of the portal API, when it is not the page's own (`api-base="https://portal.example"`). */
  apiBase?: string;
  /**
   * The dataset to start on when the tenant has it: `all`, `m365` or `azure` (attribute
   * `chat-dataset`; not `dataset`, which would hide HTML's own `dataset` of the element).
   */
  chatDataset?: string;
  /** Where related links lead in the portal: `/{content-prefix}/{url}`. @default 'billing' */
  contentPrefix?: string;
  /**
   * Launcher mode: when to download the chat. `intent` — when the visitor reaches for the button
   * (hover, focus or click); `idle` — as soon as the browser is idle, so even the first click opens
   * at once. Either way the chat starts (and resumes the portal session) on hover, focus or click.
   * @default 'intent'
   */
  preload?: 'intent' | 'idle';
  /**
   * Light or dark, the partner's choice: `light`, `dark`, `auto` (the visitor's `prefers-color-scheme`)
   * or `portal` (the portal's stored dark mode). Never the portal's preference unless asked for.
   * @default 'light'
   */
  theme?: Theme;
  /**
   * The element's language (`de`, `en`): over the visitor's choice in the portal and the browser's
   * languages. @default the visitor's choice, else the browser's languages, else English
   */
  lang?: string;
}

/**
 * What the page can tell `<cp-assistant>` to do.
 * @public
 */
export interface AssistantElementMethods {
  /** Opens the chat's dialog (dialog and launcher modes; the embedded chat of page mode is always open). */
  open(): void;
  /** Closes the chat's dialog. */
  close(): void;
  /**
   * Asks a question as if the visitor had typed it: opens the dialog, waits while the chat loads or
   * an answer is written, then sends it. The limits of a typed question hold — a question over 2000
   * characters, or one asked while the assistant's rate limit counts down, is put in the composer
   * where the visitor sees why, and is refused with `cp-assistant-error`; so is a refused `context`.
   * `context` sets the page context first (as the `context` property). Resolves with what happened.
   */
  ask(question: string, options?: ChatAskOptions): Promise<ChatAskOutcome>;
  /** Puts `text` in the composer in place of what it holds, without sending it. */
  prefill(text: string): Promise<void>;
  /** Starts a new chat on the same dataset, as the chat's New chat button does. */
  newChat(): Promise<void>;
  /**
   * Sets the page context (as the `context` property) and resolves with why it was refused, or
   * null when it was taken.
   */
  setContext(context: PageContext | null): Promise<string | null>;
  /**
   * Sets the actions this page offers (as the `actions` property) and resolves with why they were
   * refused, or null when they were taken. An empty list offers none.
   */
  registerActions(actions: readonly PageAction[]): Promise<string | null>;
  /**
   * The open chat as a transcript — questions, answers, their times, related links with full
   * addresses, what each question was sent with, the cost — for the page to keep or hand to its
   * support desk. The visitor downloads the same from the chat's Download chat button.
   */
  exportChat(): Promise<ChatTranscript>;
}

/**
 * What the page asks of the assistant, answered by the view's module (`assistant-view`, which the
 * element loads anyway): the entry carries only these forwarders.
 */
const host = (): Promise<typeof AssistantHostCalls> => import('./assistant-view');
const forward = (
  name: 'ask' | 'prefill' | 'newChat' | 'setContext' | 'exportChat' | 'registerActions',
): PropertyDescriptor => ({
  value(this: PortalElement, ...args: unknown[]) {
    return host().then((m) => (m[name] as (element: PortalElement, ...rest: unknown[]) => unknown)(this, ...args));
  },
});

/** `<cp-assistant>`'s methods and the accessors its own code answers (not its view's props). */
const assistantMembers: PropertyDescriptorMap & ThisType<PortalElement> = {
  open: { value: toggleOpen(true) },
  close: { value: toggleOpen(false) },
  ask: forward('ask'),
  prefill: forward('prefill'),
  newChat: forward('newChat'),
  setContext: forward('setContext'),
  exportChat: forward('exportChat'),
  registerActions: forward('registerActions'),
  actions: {
    get(this: PortalElement) {
      return (this as PortalElement & { [PAGE_ACTIONS]?: readonly PageAction[] })[PAGE_ACTIONS] ?? [];
    },
    set(this: PortalElement, actions: readonly PageAction[] | null) {
      void host().then((m) => m.registerActions(this, actions ?? []));
    },
  },
  context: {
    get(this: PortalElement) {
      return (this as PortalElement & { [PAGE_CONTEXT]?: PageContext | null })[PAGE_CONTEXT] ?? null;
    },
    set(this: PortalElement, context: PageContext | null) {
      void host().then((m) => m.setContext(this, context ?? null));
    },
  },
  question: {
    get(this: PortalElement) {
      return this.getAttribute('question') ?? undefined;
    },
    set(this: PortalElement, text: string | null | undefined) {
      if (text === null || text === undefined) this.removeAttribute('question');
      else this.setAttribute('question', text);
    },
  },
};

function toggleOpen(open: boolean) {
  return function (this: PortalElement) {
    this.toggleAttribute('open', open);
  };
}

/** The attributes `<cp-assistant>`'s own code reads: `question` prefills, `context` is JSON. */
const assistantAttributes: Record<string, (this: PortalElement, value: string | null) => void> = {
  question(value) {
    if (value) void host().then((m) => m.prefill(this, value));
  },
  context(value) {
    void host().then((m) => m.contextAttribute(this, value));
  },
};

/** Props the stand-in launcher hands to the view's first render. */
export interface LauncherHandoff {
  /** The visitor clicked the stand-in: open the chat. */
  launcherOpen?: boolean;
  /** The stand-in had the focus: give it to the launcher that replaces it. */
  launcherFocused?: boolean;
}

const idle = (run: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1);
  return () => clearTimeout(id);
};

/**
 * Launcher mode costs almost nothing until used: the floating 'Assistant' button is drawn without
 * React (the same markup and CSS as the chat's own launcher), and the chat — React with it — loads on
 * the first hover, focus or click of the button, then takes its place without a visible change.
 */
const launcherStandIn: StandIn = {
  // Opened by the page (`open()`, `ask()`, the `open` attribute): the chat loads at once.
  wanted: (props) => (props.mode ?? 'launcher') === 'launcher' && !props.open,
  render(root, props, { load, prefetch }) {
    // A client's translator answers the key itself while no catalogue it has holds it (the chat's
    // English registers when the chat loads): only a real translation of the client counts.
    const translated = (props.client as PortalClient | undefined)?.t('chat.open');
    const label =
      (translated !== 'chat.open' ? translated : undefined) ??
      pendingConfig()?.messages?.['chat.open'] ??
      chatLauncherEn['chat.open'];
    const launcher = renderLauncherButton(root, label);
    const { button } = launcher;
    // A click, or a press whose click has not come yet: the chat may take the button's place between
    // a tap's pointerdown (which follows its pointerenter at once) and its click, which then is lost.
    let clicked = false;
    let pressed = false;
    const press = (on: boolean) => () => {
      pressed = on;
      if (on) load();
    };
    button.addEventListener('pointerenter', load);
    button.addEventListener('focus', load);
    button.addEventListener('pointerdown', press(true));
    button.addEventListener('keydown', (event) => (event.key === 'Enter' || event.key === ' ') && press(true)());
    button.addEventListener('pointerleave', press(false));
    button.addEventListener('pointercancel', press(false));
    button.addEventListener('click', () => {
      clicked = true;
      load();
    });
    const cancelIdle = props.preload === 'idle' ? idle(prefetch) : undefined;
    return (): LauncherHandoff => {
      cancelIdle?.();
      const handoff = { launcherOpen: clicked || pressed, launcherFocused: root.activeElement === button };
      launcher.remove();
      return handoff;
    };
  },
};

/**
 * `<cp-assistant>` — the AI assistant chat as a web component: a floating
 * launcher with a right-side dialog, a dialog the page opens, or a chat embedded in the page. It
 * uses its `client` property, a client for `api-base`, or the page-wide default client, and resumes
 * the user's portal session from the refresh cookie on its own. In launcher mode (the default) it
 * draws its button without React and loads the chat on the button's first hover, focus or click
 * (`preload="idle"`: when the browser is idle).
 *
 * @event cp-assistant-opened - the dialog opened; `detail: {}`
 * @event cp-assistant-closed - the dialog closed; `detail: {}`
 * @event cp-assistant-message-sent - a question was sent; `detail: { question, dataset }`
 * @event cp-assistant-answer-progress - the answer so far while it is written, at most every 250 ms and once with its last words; `detail: { text }` (Markdown from the model: sanitize it before showing it as HTML)
 * @event cp-assistant-answer-received - an answer arrived (`message.type` is `'stopped'` when the visitor stopped it); `detail: { message }`
 * @event cp-assistant-error - the portal refused this connected site's visitor, or the page asked what could not be done; `detail: { code, message }` (`code`: `origin-not-registered`, `site-disabled`, `bad-signature`, `token-expired`, `token-reused`, `token-invalid`, `user-not-in-tenant`, `piece-not-allowed`, `provider-failed` or `unavailable`; for the page's requests `context-invalid`, `actions-invalid`, or an `ask()` refused: `question-too-long`, `rate-limited`, `not-enabled`; `message`: what the element shows)
 * @event cp-assistant-action - the visitor chose an action of this page that an answer proposed (see `actions`): do it; `detail: { name, arguments, messageId, respond }` (`arguments` match the action's parameters; call `respond(text)` — or `respond(promise of text)` — while handling the event to show what happened under the action's button, stored with the answer)
 * @event cp-assistant-link-chosen - a related link was chosen; `detail: { link, url }`. Cancelable:
 *   `preventDefault()` keeps the element from opening `url` in a new tab.
 * @csspart launcher - the floating 'Assistant' button
 * @csspart dialog - the dialog box
 * @csspart signin - the sign-in prompt shown to a signed-out visitor
 * @csspart attach-button - the button that attaches a screenshot (PNG, JPEG or WebP, at most 2 MB)
 * @csspart screenshot-preview - the attached screenshot before it is sent, with `remove-screenshot`
 * @csspart context-chip - 'Using: …', the page context the next question is sent with, above the composer
 * @csspart remove-context - the chip's button that stops using the page context
 * @csspart action-button - an action of this page an answer proposes ('Open invoice 4711'), in `action` with its result (`action-result`)
 * @csspart user-bubble - a question; a screenshot sent with it shows inside, and the page context it was sent with (`message-context`)
 *   (every other part of `AssistantChat` — `header`, `messages`, `composer`, `send-button`, … — is exposed as well)
 * @cssproperty --cp-assistant-dialog-width - dialog width (default 90%)
 * @cssproperty --cp-assistant-dialog-max-width - dialog maximum width (default 1200px)
 * @cssproperty --cp-assistant-height - height of the embedded chat (page mode)
 * @csspart unavailable - the alert shown instead of the element when its code could not be loaded (the network failed, or the browser refused a file whose integrity did not match)
 * @public
 */
export const CpAssistantElement = createPortalElement<AssistantElementProps, AssistantElementMethods>(
  () => import('./assistant-view'),
  {
    mode: 'string',
    open: 'boolean',
    question: 'string',
    context: 'json',
    apiBase: 'string',
    chatDataset: 'string',
    contentPrefix: 'string',
    preload: 'string',
    theme: 'string',
    lang: 'string',
  },
  {
    standIn: launcherStandIn,
    errorEvent: 'cp-assistant-error',
    members: assistantMembers,
    ownAttributes: assistantAttributes,
  },
);

/**
 * Tag name of {@link CpAssistantElement}.
 * @public
 */
export const ASSISTANT_TAG = 'cp-assistant';

/**
 * Defines `<cp-assistant>` (idempotent).
 * @public
 */
export function defineAssistant(): void {
  defineOnce(ASSISTANT_TAG, CpAssistantElement);
}
