import { createPortalClient, type PortalClient, type PortalClientConfig } from '@cloudportal/core';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { PortalProvider } from '../provider/PortalProvider';

/** Renders `ui` under a fresh portal client, as every component test should. */
export function renderWithClient(
  ui: ReactNode,
  config: PortalClientConfig = {},
): RenderResult & { client: PortalClient } {
  const client = createPortalClient(config);
  const result = render(<PortalProvider client={client}>{ui}</PortalProvider>);
  return { ...result, client };
}
