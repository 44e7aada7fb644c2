/** Inside MSAL's popup or hidden iframe, the `/id_token` redirect page only hands the answer back to the portal. */
export const isRedirectRelay = (): boolean =>
  location.pathname === '/id_token' && (window.parent !== window || !!window.opener);
