import r2wc from '@r2wc/react-to-web-component';
import { getDefaultPortalClient, type PortalClient } from '@cloudportal/core';
import { PortalProvider } from '@cloudportal/react/provider';
import { lazy, Suspense, type Attributes, type ComponentType, type ReactNode } from 'react';
import { clientFor } from './session';

/** Attribute types r2wc converts: attribute `foo-bar` ⇄ property `fooBar`. */
export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

/** Raises a `cp-*` event on the element; returns false when a listener called `preventDefault()`. */
export type Emit = <D extends object>(name: `cp-${string}`, detail: D) => boolean;

/** What every element view receives besides its own attributes. */
export interface ElementViewProps {
  /** Raises an event on the host element. */
  emit: Emit;
  /** The host element itself. */
  host: HTMLElement;
}

// r2wc keeps its props and render hook under registered symbols; we use them to add a
// non-attribute `client` property that must keep its object identity.
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');

type R2wcInternals = HTMLElement & {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER]: () => void;
  attributeChangedCallback(name: string, previous: string | null, value: string | null): void;
};

/** A cp-* element: an HTMLElement with a `client` property. */
export interface PortalElement extends HTMLElement {
  /** The portal client this element uses. @default the page-wide default client (`configure()`) */
  client: PortalClient;
}

/** The constructor of a cp-* element. */
export type PortalElementConstructor = { new (): PortalElement; prototype: PortalElement };

/**
 * Wraps a React view as a custom element class that follows the SDK's element conventions:
 * an open shadow root with adopted stylesheets; attributes in kebab-case mapped to camelCase
 * properties; a `client` property, else a client for an `apiBase` attribute of another origin, else
 * the page-wide default client; `data-cp-theme` reflected on
 * the host from the client's dark mode; events named `cp-*`, with an object `detail`, that bubble,
 * cross the shadow boundary (`composed`) and are cancelable.
 */
export function createPortalElement<P extends object>(
  View: ComponentType<P & ElementViewProps>,
  attributes: Partial<Record<Extract<keyof P, string>, AttributeType>> = {},
): PortalElementConstructor {
  // Boolean attributes follow HTML: present means true (`docked`, `docked=""`, `docked="docked"`),
  // except an explicit `"false"`; removing the attribute unsets it. r2wc's boolean type reads
  // `docked=""` as false and ignores empty values and removals, so the element reads them itself;
  // r2wc keeps the property (set as a string attribute, which comes back through here).
  const booleans = new Map(
    Object.keys(attributes)
      .filter((key) => attributes[key as keyof typeof attributes] === 'boolean')
      .map((key) => [key.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase(), key]),
  );
  function ElementRoot(props: P & { container: ShadowRoot; client?: PortalClient }) {
    const { container, client, ...own } = props;
    const host = container.host as HTMLElement;
    const emit: Emit = (name, detail) =>
      host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }));
    return (
      <PortalProvider client={client ?? elementClient((own as { apiBase?: unknown }).apiBase)} themeTarget={host}>
        <View {...(own as unknown as P)} emit={emit} host={host} />
      </PortalProvider>
    );
  }

  const Base = r2wc(ElementRoot as ComponentType<P & { container: ShadowRoot }>, {
    shadow: 'open',
    props: Object.fromEntries(Object.entries(attributes).map(([key, type]) => [key, type === 'boolean' ? 'string' : type])) as Record<string, AttributeType>,
  }) as unknown as { new (): R2wcInternals };

  class PortalElementClass extends Base {
    get client(): PortalClient {
      return (this[R2WC_PROPS].client as PortalClient | undefined) ?? getDefaultPortalClient();
    }
    set client(value: PortalClient) {
      this[R2WC_PROPS].client = value;
      this[R2WC_RENDER]();
    }
    override attributeChangedCallback(name: string, previous: string | null, value: string | null) {
      const prop = booleans.get(name);
      if (prop === undefined) return super.attributeChangedCallback(name, previous, value);
      this[R2WC_PROPS][prop] = booleanAttribute(value);
      this[R2WC_RENDER]();
    }
  }
  return PortalElementClass as unknown as PortalElementConstructor;
}

/** The client of an element without a `client` property: one for its `api-base` when that is another origin, else the page-wide default. */
function elementClient(apiBase: unknown): PortalClient {
  const fallback = getDefaultPortalClient();
  return typeof apiBase === 'string' && apiBase && apiBase !== fallback.config.apiBase ? clientFor(apiBase) : fallback;
}

/**
 * An element view that loads when the element first connects (`React.lazy`), so a page that does
 * not use the element does not pay for it; `fallback` shows meanwhile.
 */
export function lazyView<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: ReactNode = null): ComponentType<P> {
  const View = lazy(load);
  return function LazyView(props: P) {
    return (
      <Suspense fallback={fallback}>
        <View {...(props as P & Attributes)} />
      </Suspense>
    );
  };
}

/** An HTML boolean attribute's value (or a property's): `''`, `'true'`, `'docked'`… → true; `'false'` → false; absent → undefined. */
export function booleanAttribute(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  return String(value).trim().toLowerCase() !== 'false';
}

/** Defines `tag` unless it is already defined: defining twice is harmless. */
export function defineOnce(tag: string, ctor: CustomElementConstructor): void {
  if (typeof customElements !== 'undefined' && !customElements.get(tag)) customElements.define(tag, ctor);
}
