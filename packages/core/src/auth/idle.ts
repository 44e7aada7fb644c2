import { atom, type ReadableAtom } from 'nanostores';
import { IDLE_INTERRUPT_THROTTLE_MS, IDLE_WARNING_COUNTDOWN_MS, KEEPALIVE_INTERVAL } from '../rules/constants';
import { idleCountdownSeconds, idleTimeoutMs } from '../rules/session';
import type { CrossTabChannel } from './crossTab';

// spec §4 "Idle session"
/**
 * Where the idle watcher is.
 * @public
 */
export interface IdleState {
  /** `active`: counting idle time; `warning`: the 30 s countdown runs; `timed-out`: the user is being logged out; `stopped`: not watching. */
  phase: 'stopped' | 'active' | 'warning' | 'timed-out';
  /** Seconds left on the warning's countdown (30 → 0); 0 outside the warning. */
  secondsLeft: number;
}

// spec §9
/**
 * Units of the keepalive interval ("15, unit as configured").
 * @public
 */
export type KeepaliveUnit = 'seconds' | 'minutes';

/**
 * Options of {@link createIdleWatcher}.
 * @public
 */
export interface IdleOptions {
  // spec §9
  /** Idle time in minutes: the settings' `uiSessionTimeout`. */
  uiSessionTimeout: number;
  /** Called when the warning ran out: log the user out. */
  onTimeout: () => void | Promise<void>;
  // spec §4
  /** The keepalive ping; failures are ignored. */
  keepalive?: () => Promise<unknown>;
  // spec §9
  /** @default 15 */
  keepaliveInterval?: number;
  /** @default 'minutes' */
  keepaliveUnit?: KeepaliveUnit;
  // spec §9
  /** @default 30000 */
  countdownMs?: number;
  // spec §9 "Idle interrupt throttle"
  /** @default 500 */
  throttleMs?: number;
  /** Shares activity across tabs, so reading in one tab keeps the others alive. */
  channel?: CrossTabChannel;
  /** The clock, for tests. @default Date.now */
  now?: () => number;
}

/**
 * The idle watcher of one portal client.
 * @public
 */
export interface IdleWatcher {
  /** The idle phase (active, warned with its countdown, timed out, stopped). */
  readonly $idle: ReadableAtom<IdleState>;
  /** Starts watching (after sign-in). */
  start(): void;
  /** Stops every timer (logout, dispose). */
  stop(): void;
  // spec §4 "Activity resets the timer"
  /**
   * User activity: resets the idle timer, at most once per 500 ms, and tells the other tabs. Activity
   * during the warning's countdown resets it too and closes the warning.
   */
  activity(): void;
  /** The warning's "stay signed in": back to active with a fresh idle timer. */
  stayActive(): void;
  /** Changes the idle time (the settings arrived or changed). */
  setTimeout(minutes: number): void;
  /** Stops and leaves the tabs' channel. */
  dispose(): void;
}

/**
 * Activity events a host forwards to `activity()` (what ng-idle's DEFAULT_INTERRUPTSOURCES listen to).
 * @internal
 */
export const IDLE_ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Watches the user's activity across the page's tabs: warns after the idle time, counts down, then asks to log out; sends a keepalive while the user is active.
 * @public
 */
export function createIdleWatcher(options: IdleOptions): IdleWatcher {
  const now = options.now ?? Date.now;
  const countdownMs = options.countdownMs ?? IDLE_WARNING_COUNTDOWN_MS;
  const throttleMs = options.throttleMs ?? IDLE_INTERRUPT_THROTTLE_MS;
  const keepaliveMs =
    (options.keepaliveInterval ?? KEEPALIVE_INTERVAL) *
    ((options.keepaliveUnit ?? 'minutes') === 'minutes' ? 60_000 : 1000);
  let idleMs = idleTimeoutMs(options.uiSessionTimeout);
  const $idle = atom<IdleState>({ phase: 'stopped', secondsLeft: 0 });
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let tick: ReturnType<typeof setInterval> | undefined;
  let keepaliveTimer: ReturnType<typeof setInterval> | undefined;
  let lastActivity = -Infinity;
  let warningAt = 0;

  const clear = () => {
    if (idleTimer !== undefined) clearTimeout(idleTimer);
    if (tick !== undefined) clearInterval(tick);
    idleTimer = tick = undefined;
  };

  function arm() {
    clear();
    $idle.set({ phase: 'active', secondsLeft: 0 });
    if (idleMs > 0) idleTimer = setTimeout(warn, idleMs);
  }

  function warn() {
    warningAt = now();
    $idle.set({ phase: 'warning', secondsLeft: idleCountdownSeconds(warningAt, now(), countdownMs) });
    tick = setInterval(() => {
      const secondsLeft = idleCountdownSeconds(warningAt, now(), countdownMs);
      if (secondsLeft > 0) return $idle.set({ phase: 'warning', secondsLeft });
      clear();
      $idle.set({ phase: 'timed-out', secondsLeft: 0 });
      void options.onTimeout();
    }, 250);
  }

  const unsubscribe = options.channel?.subscribe((message) => {
    // Another tab's user is active: this tab is not idle either (its own warning included).
    if (message.type === 'activity' && $idle.get().phase !== 'stopped' && $idle.get().phase !== 'timed-out') arm();
  });

  function stop() {
    clear();
    if (keepaliveTimer !== undefined) clearInterval(keepaliveTimer);
    keepaliveTimer = undefined;
    $idle.set({ phase: 'stopped', secondsLeft: 0 });
  }

  return {
    $idle,
    start() {
      arm();
      if (keepaliveTimer === undefined && options.keepalive) {
        keepaliveTimer = setInterval(() => void options.keepalive?.().catch(() => undefined), keepaliveMs);
      }
    },
    stop,
    activity() {
      // Spec §4 "Activity resets the timer" — during the warning's countdown too (as ng-idle's interrupts do).
      const phase = $idle.get().phase;
      if (phase !== 'active' && phase !== 'warning') return;
      const t = now();
      if (t - lastActivity < throttleMs) return;
      lastActivity = t;
      arm();
      options.channel?.post({ type: 'activity', at: t });
    },
    stayActive() {
      if ($idle.get().phase !== 'warning') return;
      lastActivity = now();
      arm();
      options.channel?.post({ type: 'activity', at: lastActivity });
    },
    setTimeout(minutes) {
      idleMs = idleTimeoutMs(minutes);
      if ($idle.get().phase === 'active') arm();
    },
    dispose() {
      stop();
      unsubscribe?.();
    },
  };
}
