import type { IdentityProvider } from '@cloudportal/core';
import {
  ConfirmHost,
  IdleWarningDialog,
  RegisterPage,
  RequireAuth,
  SessionStart,
  SignInPage,
  TenantPicker,
  Toaster,
  useStyles,
} from '@cloudportal/react';
import css from './App.css?inline';
import { Navigate, Route, Routes } from 'react-router';
import { BootSplash } from './BootSplash';
import { CatchAllRoute, CustomReportRoute, RoutePage, SettingsDashboardRoute, VideoLibraryRoute } from './BillingPages';
import { DialogsDemo } from './DialogsDemo';
import { IdTokenPage } from './IdTokenPage';
import { PortalFrame } from './PortalFrame';
import { RouteEffects } from './RouteEffects';

/** Props of the reference portal. */
export interface AppProps {
  /** The sign-in methods the server offers. */
  providers: IdentityProvider[];
  /** The MSAL provider, when Entra ID sign-in is configured (it may be coming back from a redirect). */
  msal?: IdentityProvider;
}

/** The reference portal: the routes of spec §2, the guarded ones inside the SDK's portal shell. */
export function App({ providers, msal }: AppProps) {
  const ref = useStyles<HTMLDivElement>(css);
  const frame = (
    <RequireAuth>
      <PortalFrame msal={msal} />
    </RequireAuth>
  );
  return (
    <div ref={ref} className="host-root">
      <RouteEffects />
      <SessionStart provider={msal} fallback={<BootSplash />}>
        <Routes>
          {/* Spec §2: the empty path redirects to /billing/overview. */}
          <Route path="/" element={<Navigate to="/billing/overview" replace />} />
          <Route
            path="/login"
            element={
              <main>
                <SignInPage providers={providers} />
              </main>
            }
          />
          <Route
            path="/register"
            element={
              <main>
                <RegisterPage />
              </main>
            }
          />
          <Route
            path="/id_token"
            element={
              <main>
                <IdTokenPage />
              </main>
            }
          />
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
          <Route path="/informational-videos-main-dashboard" element={frame}>
            <Route index element={<Navigate to="overview" replace />} />
            <Route path="*" element={<VideoLibraryRoute />} />
          </Route>
          <Route path="/billing" element={frame}>
            <Route index element={<Navigate to="/billing/overview" replace />} />
            <Route path="admin-section-settings-dashboard" element={<SettingsDashboardRoute />} />
            <Route path="release-notes" element={<RoutePage component="release-notes" title="route.releaseNotes" />} />
            <Route path="dashboard/report/:id" element={<CustomReportRoute />} />
            <Route
              path="bill-of-materials/models-comparison"
              element={<RoutePage component="bom-summary" title="route.modelsComparison" />}
            />
            <Route
              path="legacy-homepage"
              element={<RoutePage component="dynamic-dashboard" title="route.legacyHomepage" />}
            />
            <Route
              path="best-practice-recommendations"
              element={<RoutePage component="recommendations-azure" title="route.bestPractices" />}
            />
            <Route path="*" element={<CatchAllRoute />} />
          </Route>
          {/* The reference host's own demo of the SDK's dialogs and toasts (not part of the portal's menu). */}
          <Route path="/dialogs-demo" element={frame}>
            <Route index element={<DialogsDemo />} />
          </Route>
          <Route path="*" element={<Navigate to="/billing/overview" replace />} />
        </Routes>
        <IdleWarningDialog />
      </SessionStart>
      <ConfirmHost />
      <Toaster />
    </div>
  );
}
