import { createPortalClient, type PortalClient, type PortalClientConfig } from '@cloudportal/core';
import { PortalProvider } from '@cloudportal/react/provider';
import type { Decorator, Preview } from '@storybook/react';
import { useEffect, useState } from 'react';

/** Story parameters the SDK's decorator reads. */
export interface PortalParameters {
  /** Called once with the story's fresh portal client, e.g. to open a dialog or raise toasts. */
  setup?: (client: PortalClient) => void;
  /** The story's client configuration, e.g. `{ fetch: fakeApi(…) }` to put the API at the network edge. */
  config?: PortalClientConfig;
}

function WithPortal({
  Story,
  dark,
  setup,
  config,
}: {
  Story: () => React.ReactNode;
  dark: boolean;
  setup?: (c: PortalClient) => void;
  config?: PortalClientConfig;
}) {
  // Every story gets its own client, so stories never leak dialogs or toasts into each other.
  // Stories never navigate away from Storybook: the session's moves are ignored.
  const [client] = useState(() => createPortalClient({ navigate: () => {}, storage: {}, ...config }));
  useEffect(() => client.setDarkMode(dark), [client, dark]);
  useEffect(() => {
    setup?.(client);
    return () => client.dispose();
  }, [client, setup]);
  return (
    <PortalProvider client={client}>
      <div style={{ minHeight: 320, padding: 16, background: 'var(--cp-color-bg)', color: 'var(--cp-color-text)' }}>
        <Story />
      </div>
    </PortalProvider>
  );
}

const withPortal: Decorator = (Story, context) => (
  <WithPortal
    Story={Story}
    dark={context.globals.theme === 'dark' || context.parameters.theme === 'dark'}
    setup={(context.parameters.portal as PortalParameters | undefined)?.setup}
    config={(context.parameters.portal as PortalParameters | undefined)?.config}
  />
);

const preview: Preview = {
  decorators: [withPortal],
  globalTypes: {
    theme: {
      description: 'Light or dark theme (darkModeOn)',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
  },
};

export default preview;
