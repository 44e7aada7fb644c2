import { CONTENT_PREFIX, pageKeyFromUrl } from '@cloudportal/core';
import { startEarlyRefresh } from '@cloudportal/core/early';
import { isRedirectRelay } from './relay';

// The page's first script, a few hundred bytes (issue 42 §5): the resuming refresh, with the menu and
// this route's page description, is asked while the portal's code downloads — not after it and the
// sign-in configuration have arrived. The session, the menu and the page then come in one round trip,
// which the client takes when it resumes (core's early refresh).
const onContent = location.pathname.startsWith(`/${CONTENT_PREFIX}/`);
// MSAL's popup or hidden iframe only hands its answer back: no refresh there.
if (!isRedirectRelay())
  startEarlyRefresh('', onContent ? () => pageKeyFromUrl(location.pathname) || undefined : undefined);
