import type { PortalClient } from '@cloudportal/core';
import { parseTheme, type Theme } from '@cloudportal/core';
import { PortalProvider } from '@cloudportal/react/provider';
import { useEffect, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { elementClient } from './clients';
import type { Emit, ElementViewProps } from './viewProps';

// The elements' runtime (internal/loader.ts loads this module): the portal client's functions beside the mount.
export { configure, getDefaultPortalClient } from '@cloudportal/core';
export { elementClient };

/** An element's mounted React view. */
export interface MountedView {
  /** Renders the view with the element's current properties. */
  render(props: Record<string, unknown>): void;
  /** Unmounts the view (the element left the document). */
  unmount(): void;
}

/** The element's view under the portal provider of its client, with `emit` and `host`. */
function ElementRoot({
  View,
  container,
  client,
  own,
  defaultTheme,
  connectedAt,
}: {
  View: ComponentType<ElementViewProps>;
  container: ShadowRoot;
  client?: PortalClient;
  own: Record<string, unknown>;
  defaultTheme: Theme;
  /** When the element connected (`performance.now()`), for the piece-ready telemetry. */
  connectedAt: number;
}) {
  const host = container.host as HTMLElement;
  const portal = client ?? elementClient(own.apiBase);
  const piece = host.localName.replace(/^cp-/, '');
  const emit: Emit = (name, detail) => {
    // The host's telemetry hears each error event with its code.
    const code = (detail as { code?: unknown }).code;
    if (name.endsWith('-error') && typeof code === 'string') portal.telemetry({ type: 'error', piece, code });
    return host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }));
  };
  useEffect(() => {
    portal.telemetry({ type: 'piece-ready', piece, ms: Math.round(performance.now() - connectedAt) });
    // Once per mount: the view's first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <PortalProvider
      client={portal}
      themeTarget={host}
      theme={parseTheme(own.theme, defaultTheme)}
      locale={typeof own.lang === 'string' && own.lang.trim() ? own.lang.trim() : undefined}
    >
      <View {...own} emit={emit} host={host} />
    </PortalProvider>
  );
}

/**
 * Mounts `View` in an element's shadow root (this module, React with it, loads when the first
 * element connects). What showed while it loaded (a slot, a stand-in) makes way for the view's
 * first render, synchronously, so no frame shows neither.
 */
export function mountView(
  container: ShadowRoot,
  View: ComponentType<ElementViewProps>,
  props: Record<string, unknown>,
  defaultTheme: Theme = 'light',
  connectedAt: number = performance.now(),
): MountedView {
  container.replaceChildren();
  const root = createRoot(container);
  const render = (next: Record<string, unknown>) => {
    const { container: _container, client, ...own } = next;
    root.render(
      <ElementRoot
        View={View}
        container={container}
        client={client as PortalClient | undefined}
        own={own}
        defaultTheme={defaultTheme}
        connectedAt={connectedAt}
      />,
    );
  };
  flushSync(() => render(props));
  // An element leaves the document while React renders (a React parent removing it in a commit):
  // unmount once that render has finished, not inside it.
  return { render, unmount: () => queueMicrotask(() => root.unmount()) };
}
