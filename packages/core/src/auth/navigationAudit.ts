import type { AuditApi } from '../api/audit';
import { navigationEvent } from '../rules/audit';

// spec §2 (page titles)
/**
 * Where the user is: a route and its label (the page's title), and the active tab.
 * @public
 */
export interface AuditedPlace {
  /** The route. */
  location: string;
  /** The route's page label. */
  locationName?: string | null;
  /** The active tab, or null. */
  tabName?: string | null;
}

// spec §2 / §7 "navigation event"
/**
 * Remembers the previous place and posts each change.
 * @public
 */
export interface NavigationAudit {
  /**
   * Records a route change; does nothing for the excluded routes or when the user is not signed in.
   * Calling it again for the same place is harmless, so a host calls it on each route change and
   * whenever the session becomes signed in.
   */
  navigated(place: AuditedPlace): void;
}

// spec §6; §8; §2
/**
 * Posts a navigation audit event for each change of place. Events are sent only for authenticated
 * users; a failing audit post is swallowed; '/', '/id_token' and '/tenant' are not logged (they
 * still become the previous location).
 * @public
 */
export function createNavigationAudit(audit: AuditApi, isAuthenticated: () => boolean): NavigationAudit {
  let previous: AuditedPlace | undefined;
  return {
    navigated(place) {
      // Signed out (or not yet resumed after a reload): nothing is sent and the place is not
      // remembered, so the host calls again once the session is known and it is sent then.
      if (!isAuthenticated()) return;
      const before = previous;
      if (before && before.location === place.location && before.tabName === place.tabName) return;
      previous = place;
      const event = navigationEvent({
        location: place.location,
        locationName: place.locationName,
        tabName: place.tabName,
        previousLocation: before?.location ?? null,
        previousLocationName: before?.locationName ?? null,
      });
      if (event) void audit.event(event).catch(() => undefined);
    },
  };
}
