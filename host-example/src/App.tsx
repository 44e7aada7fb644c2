import type { IdentityProvider } from '@cloudportal/core';
import { ConfirmHost, EulaDialog, IdleWarningDialog, RegisterPage, RequireAuth, SessionStart, SignInPage, TenantPicker, Toaster, useStyles } from '@cloudportal/react';
import css from './App.css?inline';
import { Navigate, Route, Routes } from 'react-router';
import { BillingFrame } from './BillingFrame';
import { DialogsDemo } from './DialogsDemo';
import { IdTokenPage } from './IdTokenPage';
import { RouteEffects } from './RouteEffects';
import { VideoLibrary } from './VideoLibrary';

/** Props of the reference portal. */
export interface AppProps {
  /** The sign-in methods the server offers. */
  providers: IdentityProvider[];
  /** The MSAL provider, when Entra ID sign-in is configured (it may be coming back from a redirect). */
  msal?: IdentityProvider;
}

/** The reference portal: the routes of spec §2. The billing shell's pages arrive with the shell. */
export function App({ providers, msal }: AppProps) {
  const ref = useStyles<HTMLDivElement>(css);
  return (
    <div ref={ref} className="host-root">
      <RouteEffects />
      <SessionStart provider={msal}>
        <Routes>
          {/* Spec §2: the empty path redirects to /billing/overview. */}
          <Route path="/" element={<Navigate to="/billing/overview" replace />} />
          <Route path="/login" element={<main><SignInPage providers={providers} /></main>} />
          <Route path="/register" element={<main><RegisterPage /></main>} />
          <Route path="/id_token" element={<main><IdTokenPage /></main>} />
          <Route
            path="/tenant"
            element={
              <RequireAuth allowTenantSelect>
                <main>
                  <TenantPicker />
                </main>
              </RequireAuth>
            }
          />
          <Route
            path="/informational-videos-main-dashboard"
            element={
              <RequireAuth>
                <BillingFrame msal={msal} />
              </RequireAuth>
            }
          >
            <Route index element={<Navigate to="overview" replace />} />
            <Route path="*" element={<VideoLibrary />} />
          </Route>
          <Route
            path="/billing"
            element={
              <RequireAuth>
                <BillingFrame msal={msal} />
              </RequireAuth>
            }
          >
            <Route index element={<Navigate to="/billing/overview" replace />} />
            <Route path="*" element={<DialogsDemo />} />
          </Route>
          <Route path="*" element={<Navigate to="/billing/overview" replace />} />
        </Routes>
        <EulaDialog />
        <IdleWarningDialog />
      </SessionStart>
      <ConfirmHost />
      <Toaster />
    </div>
  );
}
