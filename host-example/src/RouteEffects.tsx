import { pagesEn, registerMessages, type MessageKey } from '@cloudportal/core';

import { pageTitle } from '@cloudportal/core/rules';
import { usePortalClient, useProductName, useSession, useShell, useT } from '@cloudportal/react';
import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

// The portal pages' messages (sign-in, tenants, onboarding, terms, route titles) are not in the core catalogue.
registerMessages(pagesEn);

/** Spec §2 route labels; the dynamic pages take theirs from the menu. */
const LABELS: Record<string, MessageKey> = {
  '/login': 'route.login',
  '/register': 'route.register',
  '/tenant': 'route.tenant',
  '/id_token': 'route.idToken',
  '/billing/admin-section-settings-dashboard': 'route.settings',
  '/billing/release-notes': 'route.releaseNotes',
  '/billing/bill-of-materials/models-comparison': 'route.modelsComparison',
  '/billing/legacy-homepage': 'route.legacyHomepage',
  '/billing/best-practice-recommendations': 'route.bestPractices',
  '/dialogs-demo': 'route.dialogsDemo',
};
const VIDEO_LIBRARY = '/informational-videos-main-dashboard';

/**
 * What every route change does: the session moves through the router, the document title is
 * '{productName} - {label}' (spec §2), and the navigation audit trail records the change (spec §2, §7).
 */
export function RouteEffects() {
  const client = usePortalClient();
  const navigate = useNavigate();
  const location = useLocation();
  const t = useT();
  const productName = useProductName();
  const { status } = useSession();

  useLayoutEffect(() => client.setNavigate((path) => void navigate(path)), [client, navigate]);

  const shell = useShell();
  const trail = useStore(shell.navigation.$activeTrail);
  const key = LABELS[location.pathname];
  // The host's own routes are labelled here; the menu's pages by their menu item.
  const ownLabel = key
    ? t(key)
    : location.pathname.startsWith(VIDEO_LIBRARY)
      ? t('route.videoLibrary')
      : location.pathname.startsWith('/billing/dashboard/report/')
        ? t('route.customReport')
        : undefined;
  const label =
    ownLabel ?? (location.pathname.startsWith('/billing/') ? trail[trail.length - 1]?.displayName : undefined);
  useEffect(() => {
    document.title = pageTitle(productName, label);
  }, [productName, label]);
  // The navbar titles a route outside the menu by the same label (spec §2 "Navbar").
  useLayoutEffect(() => shell.setRouteLabel(ownLabel ?? null), [shell, ownLabel]);

  const tab = new URLSearchParams(location.search).get('tab')?.replace(/\+/g, ' ') ?? null;
  // On each route change, and once the session is signed in (after a reload it resumes late).
  useEffect(() => {
    // Every visit is logged at once, even one left before the menu (and so the page's name) arrived.
    if (status === 'authenticated')
      client.navigationAudit.navigated({ location: location.pathname, locationName: label ?? null, tabName: tab });
  }, [client, location.pathname, label, tab, status]);
  return null;
}
