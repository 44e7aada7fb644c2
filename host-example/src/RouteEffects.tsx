import type { MessageKey } from '@cloudportal/core';
import { pageTitle } from '@cloudportal/core/rules';
import { usePortalClient, useProductName, useSession, useT } from '@cloudportal/react';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Spec §2 route labels; the billing pages take theirs from the menu with the shell. */
const LABELS: Record<string, MessageKey> = {
  '/login': 'route.login',
  '/register': 'route.register',
  '/tenant': 'route.tenant',
  '/id_token': 'route.idToken',
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

  const key = LABELS[location.pathname];
  const label = key ? t(key) : location.pathname.startsWith(VIDEO_LIBRARY) ? t('route.videoLibrary') : undefined;
  useEffect(() => {
    document.title = pageTitle(productName, label);
  }, [productName, label]);

  const tab = new URLSearchParams(location.search).get('tab')?.replace(/\+/g, ' ') ?? null;
  // On each route change, and once the session is signed in (after a reload it resumes late).
  useEffect(() => {
    if (status === 'authenticated') client.navigationAudit.navigated({ location: location.pathname, locationName: label ?? null, tabName: tab });
  }, [client, location.pathname, label, tab, status]);
  return null;
}
