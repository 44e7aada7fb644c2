// spec §4
/**
 * The session's cross-tab sync: a tab that refreshed sends its token so the others need
 * not refresh, and a logout in one tab logs out the others. The channel itself is crossTab.ts's.
 */
import { tokenExpiresAt } from '../rules/jwt';
import type { CrossTabChannel } from './crossTab';

/** What cross-tab sync needs from the session engine around it. */
export interface SessionTabsDeps {
  /** The app token held now. */
  getToken(): string | undefined;
  /** True while the session is authenticated. */
  isSignedIn(): boolean;
  /** Holds another tab's token. */
  adopt(token: string): void;
  /** Logs out this tab only (another tab logged out). */
  logoutHere(): void;
}

/** This tab's side of the session sync. */
export interface SessionTabs {
  /** Tells the other tabs of a refreshed token. */
  postToken(token: string): void;
  /** Tells the other tabs to log out. */
  postLogout(): void;
  /** Stops listening and leaves the channel. */
  close(): void;
}

/** Owns cross-tab sync: listens for the other tabs' tokens and logouts, and posts this tab's. */
export function createSessionTabs(channel: CrossTabChannel, deps: SessionTabsDeps): SessionTabs {
  const unsubscribe = channel.subscribe((message) => {
    if (message.type === 'logout') deps.logoutHere();
    else if (message.type === 'token') {
      const token = deps.getToken();
      if (!token || !deps.isSignedIn()) return;
      // Another tab refreshed: take its token when it lives longer than ours.
      if ((tokenExpiresAt(message.token) ?? Infinity) > (tokenExpiresAt(token) ?? Infinity)) deps.adopt(message.token);
    }
  });
  return {
    postToken: (token) => channel.post({ type: 'token', token }),
    postLogout: () => channel.post({ type: 'logout' }),
    close() {
      unsubscribe();
      channel.close();
    },
  };
}
