/**
 * Business constants and limits of spec §9, honoured everywhere through these names.
 * Durations are in milliseconds unless the name says otherwise.
 */

/** Spec §9 "Toast time-out"; §8 authentication toasts are "3 s". */
export const TOAST_TIMEOUT_MS = 3000;

/**
 * Spec §9 "Tooltip delays": 1000 ms (chat), 500 ms (navbar and filter button), 1500 ms (drag button).
 * @internal
 */
export const TOOLTIP_DELAY_MS = {
  chat: 1000,
  navbar: 500,
  filterButton: 500,
  dragButton: 1500,
} as const;

/**
 * Spec §9 "Chat message max".
 * @internal
 */
export const CHAT_MESSAGE_MAX = 2000;
/**
 * Spec §9 "Feedback comment max".
 * @internal
 */
export const FEEDBACK_COMMENT_MAX = 2000;
/**
 * Spec §9 "Star count".
 * @internal
 */
export const STAR_COUNT = 5;
/** Spec §9 "Too-long tip": shown at this many user messages. */
export const CHAT_TOO_LONG_USER_MESSAGES = 15;
/**
 * Spec §9 "Assistant rate limit": requests per minute per user.
 * @internal
 */
export const ASSISTANT_RATE_LIMIT_PER_MINUTE = 2;
/** Spec §9 "Related-link description cut" (an ellipsis follows). */
export const RELATED_LINK_DESCRIPTION_MAX = 220;
/** Spec §9 "Dataset-change debounce". */
export const DATASET_CHANGE_DEBOUNCE_MS = 300;
/** Spec §9 "History groups": ages in days that bound THIS WEEK, LAST WEEK and THIS MONTH. */
export const HISTORY_GROUP_DAYS = [7, 14, 30] as const;
/**
 * Spec §9 "Bookmark name max".
 * @internal
 */
export const BOOKMARK_NAME_MAX = 40;
/**
 * Spec §9 "Saved views max" (per tab or page).
 * @internal
 */
export const SAVED_VIEWS_MAX = 16;
/**
 * Spec §9 "Search debounce".
 * @public
 */
export const SEARCH_DEBOUNCE_MS = 1000;
/**
 * Spec §9 "Search grid height" in px.
 * @internal
 */
export const SEARCH_GRID_HEIGHT = 400;
/** Spec §9 "App token refresh lead": refresh this long before expiry. */
export const APP_TOKEN_REFRESH_LEAD_MS = 30_000;
/**
 * Spec §9 "Idle warning countdown".
 * @internal
 */
export const IDLE_WARNING_COUNTDOWN_MS = 30_000;
/** Spec §9 "Keepalive interval" (unit as configured). */
export const KEEPALIVE_INTERVAL = 15;
/** Spec §9 "Idle interrupt throttle". */
export const IDLE_INTERRUPT_THROTTLE_MS = 500;
/**
 * Spec §9 "Default currency".
 * @internal
 */
export const DEFAULT_CURRENCY = 'USD';
/**
 * Spec §9 "Product version default".
 * @internal
 */
export const DEFAULT_PRODUCT_VERSION = '2.0.1';
// Spec §9 "Embed minimum gap between loads" (100 ms) is powerbi-client's own: its frame-load handler
// ignores a load request within 100 ms of the last one (Embed.lastLoadRequest), so no constant here.
/**
 * Spec §9 "Report height": viewport minus this many px by default, and in the assistant-era viewer.
 * @public
 */
export const REPORT_HEIGHT_REDUCTION_PX = { default: 105, assistantViewer: 95 } as const;
/**
 * Spec §9 "Copied indicator".
 * @internal
 */
export const COPIED_INDICATOR_MS = 500;
/** Spec §9 "Slide animation". */
export const SLIDE_ANIMATION_MS = 400;
/** Spec §9 "Tab animation". */
export const TAB_ANIMATION_MS = 500;
/** Spec §9 "Assistance video set": after a tabbed page loads. */
export const ASSISTANCE_VIDEO_DELAY_MS = 200;
/**
 * Spec §9 "Scroll to latest user message".
 * @internal
 */
export const SCROLL_TO_LATEST_MS = 250;
/** Spec §9 "Cookie size warning" in bytes. */
export const COOKIE_SIZE_WARNING_BYTES = 4096;
/** Spec §9 "Web storage". */
export const WEB_STORAGE = { prefix: 'ngx-webstorage', separator: '|', caseSensitive: false } as const;
/**
 * Spec §9 "Recommended resolution".
 * @internal
 */
export const RECOMMENDED_RESOLUTION = { width: 1920, height: 1080 } as const;
/** Spec §9 "Sidenav widths" in units of 4 px: open (pinned or expanded) and collapsed (docked or closed). */
export const SIDENAV_WIDTH_UNITS = { open: 64, collapsed: 16 } as const;
/** Spec §9 "Logo max widths" in px: the logo (sidenav open) and the short logo (collapsed). */
export const LOGO_MAX_WIDTH_PX = { logo: 160, short: 55 } as const;
/** Spec §9 "Menu expand animation": about 400 ms after a 200 ms delay; the arrow rotates in 225 ms. */
export const MENU_EXPAND_ANIMATION_MS = { duration: 400, delay: 200, arrow: 225 } as const;
/**
 * Spec §9 "Scrollbar": the side navigation's scrollbar hides this long after the last scroll; its theme (dark handles).
 * @internal
 */
export const SCROLLBAR = { autoHideMs: 1300, theme: 'os-theme-dark' } as const;
/** Spec §9 "Drag": a drag starts past 5 px; near 5 % of the scroll box's edge it scrolls 2 px a frame. */
export const DRAG = { startThresholdPx: 5, autoScrollEdge: 0.05, scrollStep: 2 } as const;
/**
 * Beyond the spec (rules/reportContext): how long the chat waits for the live view when a question
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
