import type { AuditApi } from '../api/audit';
import { navigationEvent } from '../rules/audit';

/** Where the user is: a route and its label (spec §2 page titles), and the active tab. */
export interface AuditedPlace {
  location: string;
  locationName?: string | null;
  tabName?: string | null;
}

/** Spec §2 / §7 "navigation event": remembers the previous place and posts each change. */
export interface NavigationAudit {
  /** Records a route change; does nothing for the excluded routes or when the user is not signed in. */
  navigated(place: AuditedPlace): void;
}

/**
 * Spec §6: audit events are sent only for authenticated users; §8: a failing audit post is swallowed;
 * §2: '/', '/id_token' and '/tenant' are not logged (they still become the previous location).
 */
export function createNavigationAudit(audit: AuditApi, isAuthenticated: () => boolean): NavigationAudit {
  let previous: AuditedPlace | undefined;
  return {
    navigated(place) {
      const before = previous;
      previous = place;
      if (before && before.location === place.location && before.tabName === place.tabName) return;
      if (!isAuthenticated()) return;
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
