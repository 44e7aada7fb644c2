import { CONTENT_PREFIX, pageKeyFromUrl, tabNameFromQuery } from '@cloudportal/core';
import { earlyPages, startEarlyRefresh } from '@cloudportal/core/early';
import { preloadPortalPage } from '@cloudportal/react/pages/preload';
import { isRedirectRelay } from './relay';

// The page's first script, a few hundred bytes (issue 42 §5): the resuming refresh, with the menu and
// this route's page description, is asked while the portal's code downloads — not after it and the
// sign-in configuration have arrived. The session, the menu and the page then come in one round trip,
// which the client takes when it resumes (core's early refresh). Once that answer is in, the code of
// the feature page the route shows first is asked too (issue 42 §2), beside the portal's own code
// rather than after it has run and rendered.
const onContent = location.pathname.startsWith(`/${CONTENT_PREFIX}/`);
// MSAL's popup or hidden iframe only hands its answer back: no refresh there.
if (!isRedirectRelay()) {
  const key = onContent ? pageKeyFromUrl(location.pathname) : '';
  startEarlyRefresh('', key ? () => key : undefined);
  if (key)
    void earlyPages('').then((pages) => {
      const page = pages[key];
      if (page) preloadPortalPage(page, tabNameFromQuery(location.search));
    });
}
