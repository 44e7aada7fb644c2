// spec §4
/**
 * What one browser tab tells the others about the session: a refreshed app token (so they need not
 * refresh themselves), a logout (logout in one tab logs out the others) and activity (the
 * idle timer is shared across tabs). Over BroadcastChannel where there is one; otherwise nothing
 * crosses (Node, old browsers) and each tab works alone.
 */

/**
 * A message between the tabs of one portal origin.
 * @public
 */
export type CrossTabMessage = { type: 'token'; token: string } | { type: 'logout' } | { type: 'activity'; at: number };

/**
 * A channel between tabs.
 * @public
 */
export interface CrossTabChannel {
  /** Sends a message to the other tabs. */
  post(message: CrossTabMessage): void;
  /** Subscribes; returns the unsubscribe function. */
  subscribe(listener: (message: CrossTabMessage) => void): () => void;
  /** Leaves the channel. */
  close(): void;
}

/**
 * Serialises a critical section across tabs (Web Locks), or within this tab when there are none.
 * @public
 */
export type LockRunner = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

/** The channel name every tab of the portal joins. */
export const CROSS_TAB_CHANNEL = 'cloudportal-session';

const isMessage = (data: unknown): data is CrossTabMessage =>
  !!data &&
  typeof data === 'object' &&
  ['token', 'logout', 'activity'].includes((data as { type?: unknown }).type as string);

/**
 * A BroadcastChannel-backed channel, or one that delivers nothing when BroadcastChannel is missing.
 * @public
 */
export function createCrossTabChannel(name: string = CROSS_TAB_CHANNEL): CrossTabChannel {
  const Channel = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  if (!Channel) return { post() {}, subscribe: () => () => {}, close() {} };
  const channel = new Channel(name);
  // In Node a channel would keep the process alive; a browser has no such method.
  (channel as { unref?: () => void }).unref?.();
  const listeners = new Set<(message: CrossTabMessage) => void>();
  channel.onmessage = (event: MessageEvent) => {
    if (isMessage(event.data)) for (const l of listeners) l(event.data);
  };
  return {
    post: (message) => channel.postMessage(message),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      channel.close();
    },
  };
}

/**
 * Web Locks when the browser has them, so two tabs never present the same refresh credential at
 * once (the server spends a credential on first use); otherwise a lock inside this tab only.
 * @public
 */
export function createLockRunner(): LockRunner {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (locks) return (name, fn) => locks.request(name, fn) as ReturnType<typeof fn>;
  const tails = new Map<string, Promise<unknown>>();
  return <T>(name: string, fn: () => Promise<T>) => {
    const previous = tails.get(name) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    tails.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  };
}
