// spec §9
/**
 * Business constants and limits, honoured everywhere through these names.
 * Durations are in milliseconds unless the name says otherwise.
 */

// spec §9 "Toast time-out"; §8
/** How long a toast shows before it closes by itself (the sign-in and session error toasts show for 3 s). */
export const TOAST_TIMEOUT_MS = 3000;

// spec §9 "Tooltip delays"
/**
 * How long a pointer rests on a control before its tooltip shows: 1000 ms (chat), 500 ms (navbar and filter button),
 * 1500 ms (drag button).
 * @internal
 */
export const TOOLTIP_DELAY_MS = {
  chat: 1000,
  navbar: 500,
  filterButton: 500,
  dragButton: 1500,
} as const;

// spec §9 "Chat message max"
/**
 * The longest question a user may send to the assistant, in characters.
 * @internal
 */
export const CHAT_MESSAGE_MAX = 2000;
// spec §9 "Feedback comment max"
/**
 * The longest comment a feedback form accepts, in characters.
 * @internal
 */
export const FEEDBACK_COMMENT_MAX = 2000;
// spec §9 "Star count"
/**
 * How many stars the feedback rating has: a rating runs from 1 to this.
 * @internal
 */
export const STAR_COUNT = 5;
// spec §9 "Too-long tip"
/** The chat shows its too-long tip (start a new chat) once it holds this many user messages. */
export const CHAT_TOO_LONG_USER_MESSAGES = 15;
// spec §9 "Assistant rate limit"
/**
 * The assistant's rate limit: requests per minute per user.
 * @internal
 */
export const ASSISTANT_RATE_LIMIT_PER_MINUTE = 2;
// spec §9 "Related-link description cut"
/** A related link's description is cut to this many characters (an ellipsis follows). */
export const RELATED_LINK_DESCRIPTION_MAX = 220;
// spec §9 "Dataset-change debounce"
/**
 * When the user changes the chat's dataset, the new chat is created this long afterwards (at once if a question is sent
 * first).
 */
export const DATASET_CHANGE_DEBOUNCE_MS = 300;
// spec §9 "History groups"
/** The chat history's groups: ages in days that bound THIS WEEK, LAST WEEK and THIS MONTH. */
export const HISTORY_GROUP_DAYS = [7, 14, 30] as const;
// spec §9 "Bookmark name max"
/**
 * The longest name a saved view may have, in characters (after trimming).
 * @internal
 */
export const BOOKMARK_NAME_MAX = 40;
// spec §9 "Saved views max"
/**
 * The most views a user may save per tab or page.
 * @internal
 */
export const SAVED_VIEWS_MAX = 16;
// spec §9 "Search debounce"
/**
 * How long the search waits after the last keystroke before it searches.
 * @public
 */
export const SEARCH_DEBOUNCE_MS = 1000;
// spec §9 "Search grid height"
/**
 * The height of the search dialog's results grid, in px.
 * @internal
 */
export const SEARCH_GRID_HEIGHT = 400;
// spec §9 "App token refresh lead"
/** The app token is refreshed this long before it expires. */
export const APP_TOKEN_REFRESH_LEAD_MS = 30_000;
// spec §9 "Idle warning countdown"
/**
 * How long the idle warning counts down before the user is logged out.
 * @internal
 */
export const IDLE_WARNING_COUNTDOWN_MS = 30_000;
// spec §9 "Keepalive interval"
/** How often a keepalive is sent while the user is active, in the configured unit (minutes by default). */
export const KEEPALIVE_INTERVAL = 15;
// spec §9 "Idle interrupt throttle"
/** User activity resets the idle timer at most this often. */
export const IDLE_INTERRUPT_THROTTLE_MS = 500;
// spec §9 "Default currency"
/**
 * The currency of a chat's cost when the server gives none.
 * @internal
 */
export const DEFAULT_CURRENCY = 'USD';
// spec §9 "Product version default"
/**
 * The product version shown when the settings give none.
 * @internal
 */
export const DEFAULT_PRODUCT_VERSION = '2.0.1';
// Spec §9 "Embed minimum gap between loads" (100 ms) is powerbi-client's own: its frame-load handler
// ignores a load request within 100 ms of the last one (Embed.lastLoadRequest), so no constant here.
// spec §9 "Report height"
/**
 * A report is as tall as the viewport minus this many px by default, and in the assistant-era viewer.
 * @public
 */
export const REPORT_HEIGHT_REDUCTION_PX = { default: 105, assistantViewer: 95 } as const;
// spec §9 "Copied indicator"
/**
 * How long a copy button shows its "copied" check mark after an answer is copied.
 * @internal
 */
export const COPIED_INDICATOR_MS = 500;
// spec §9 "Slide animation"
/** How long the side navigation and the drawers take to slide open or closed. */
export const SLIDE_ANIMATION_MS = 400;
// spec §9 "Tab animation"
/** How long a tab's panel takes to fade in when the tab is chosen. */
export const TAB_ANIMATION_MS = 500;
// spec §9 "Assistance video set"
/** The assistance video is set this long after a tabbed page loads. */
export const ASSISTANCE_VIDEO_DELAY_MS = 200;
// spec §9 "Scroll to latest user message"
/**
 * How long after a question is sent (or a chat is restored) the chat scrolls to the latest user message.
 * @internal
 */
export const SCROLL_TO_LATEST_MS = 250;
// spec §9 "Cookie size warning"
/** A cookie larger than this, in bytes, draws a warning: browsers may drop it. */
export const COOKIE_SIZE_WARNING_BYTES = 4096;
// spec §9 "Web storage"
/** How the portal's keys are stored in Web Storage: prefix and separator before each key, keys not case-sensitive. */
export const WEB_STORAGE = { prefix: 'ngx-webstorage', separator: '|', caseSensitive: false } as const;
// spec §9 "Recommended resolution"
/**
 * The screen resolution the settings drawer recommends (1080p).
 * @internal
 */
export const RECOMMENDED_RESOLUTION = { width: 1920, height: 1080 } as const;
// spec §9 "Sidenav widths"
/** The side navigation's widths in units of 4 px: open (pinned or expanded) and collapsed (docked or closed). */
export const SIDENAV_WIDTH_UNITS = { open: 64, collapsed: 16 } as const;
// spec §9 "Logo max widths"
/** The logo's largest widths in px: the logo (sidenav open) and the short logo (collapsed). */
export const LOGO_MAX_WIDTH_PX = { logo: 160, short: 55 } as const;
// spec §9 "Menu expand animation"
/** A menu expands in about 400 ms after a 200 ms delay; its arrow rotates in 225 ms. */
export const MENU_EXPAND_ANIMATION_MS = { duration: 400, delay: 200, arrow: 225 } as const;
// spec §9 "Scrollbar"
/**
 * The side navigation's scrollbar hides this long after the last scroll; its theme (dark handles).
 * @internal
 */
export const SCROLLBAR = { autoHideMs: 1300, theme: 'os-theme-dark' } as const;
// spec §9 "Drag"
/** A drag starts past 5 px; near 5 % of the scroll box's edge it scrolls 2 px a frame. */
export const DRAG = { startThresholdPx: 5, autoScrollEdge: 0.05, scrollStep: 2 } as const;
/**
 * The portal's own limit (rules/reportContext): how long the chat waits for the live view when a question
 * is sent, in ms; a slower view is left out.
 * @public
 */
export const REPORT_CONTEXT_READ_TIMEOUT_MS = 1000;

/**
 * After the visitor stops an answer, the chat re-reads the chat these
 * many ms apart until the server has stored the stopped answer, for its cost and follow-ups (the
 * server stores it when it sees the request closed, a moment after the Stop).
 * @public
 */
export const STOPPED_ANSWER_READS_MS = [100, 250, 500, 1000, 2000] as const;

/**
 * The answer-progress event (`cp-assistant-answer-progress`,
 * `onAnswerProgress`) reports the answer so far at most this often, in ms.
 * @public
 */
export const ANSWER_PROGRESS_INTERVAL_MS = 250;

/**
 * An answer being written is shown at most this often, in ms (its
 * first words at once): each change costs the browser a frame's style, layout and paint, and words
 * arriving faster than this are not read faster.
 * @public
 */
export const ANSWER_WRITE_INTERVAL_MS = 100;
