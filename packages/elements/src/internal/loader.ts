import type { PortalClient, PortalClientConfig } from '@cloudportal/core';

import type * as RuntimeModule from './mount';

/** The elements' runtime: React, the portal client and the mount of views. */
type Runtime = typeof RuntimeModule;

let runtime: Runtime | undefined;
let loading: Promise<Runtime> | undefined;
let pending: PortalClientConfig | undefined;
/** The last configuration given to `configure()`, applied or pending. */
let configured: PortalClientConfig | undefined;

/** Loads the runtime once; a `configure()` made before it loaded applies first. */
export function loadRuntime(): Promise<Runtime> {
  loading ??= import('./mount').then(
    (loaded) => {
      if (pending) loaded.configure(pending);
      pending = undefined;
      return (runtime = loaded);
    },
    (error: unknown) => {
      // A failed download may succeed on the next try.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The runtime when it has loaded, else undefined. */
export function loadedRuntime(): Runtime | undefined {
  return runtime;
}

/** The configuration given to `configure()` that waits for the runtime, if any. */
export function pendingConfig(): PortalClientConfig | undefined {
  return pending;
}

/** The messages of the last `configure()`, whether or not the runtime has loaded. */
export function configuredMessages(): PortalClientConfig['messages'] {
  return configured?.messages;
}

/**
 * Configures the page-wide default portal client the elements share:
 * `configure({ apiBase: 'https://portal.example' })`. Call it before or after the elements connect;
 * it costs nothing up front — the client is made when the first element view, `toast()`,
 * `confirm()` or `portalClient()` needs it (a later call replaces the client).
 * @public
 */
export function configure(config: PortalClientConfig): void {
  configured = config;
  if (runtime) runtime.configure(config);
  else pending = config;
}

/**
 * The page-wide default portal client, loading the elements' runtime (React and the client) if no
 * element has yet: `(await portalClient()).setDarkMode(true)`.
 * @public
 */
export async function portalClient(): Promise<PortalClient> {
  return (await loadRuntime()).getDefaultPortalClient();
}
