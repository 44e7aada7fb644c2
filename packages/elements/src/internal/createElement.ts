import r2wc from '@r2wc/core';
import { getDefaultPortalClient, type PortalClient } from '@cloudportal/core';
import type { ComponentType } from 'react';
import type { MountedView } from './mount';

/** Attribute types the elements convert: attribute `foo-bar` ⇄ property `fooBar`. */
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

/** Loads an element's React view: `() => import('./x-view')`, whose default export is the view. */
export type ViewLoader<P extends object> = () => Promise<{ default: ComponentType<P & ElementViewProps> }>;

/** Options of {@link createPortalElement}. */
export interface PortalElementOptions {
  /** Show the element's children (a `<slot>`) until the view has loaded. @default false */
  slotWhileLoading?: boolean;
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

/** One connected element's view: mounted once React and the view have loaded. */
interface ViewContext {
  props: Record<string, unknown>;
  mounted?: MountedView;
  gone: boolean;
}

/**
 * Wraps a React view as a custom element class that follows the SDK's element conventions:
 * an open shadow root with adopted stylesheets; attributes in kebab-case mapped to camelCase
 * properties; a `client` property, else a client for an `apiBase` attribute of another origin, else
 * the page-wide default client; `data-cp-theme` reflected on the host from the client's dark mode;
 * events named `cp-*`, with an object `detail`, that bubble, cross the shadow boundary (`composed`)
 * and are cancelable.
 *
 * The class itself carries no React: the view — and React with it — loads when an element first
 * connects (r2wc's core with a renderer that mounts once `load()` resolves), so a page pays only for
 * the elements it uses, and defining every tag costs almost nothing.
 */
export function createPortalElement<P extends object>(
  load: ViewLoader<P>,
  attributes: Partial<Record<Extract<keyof P, string>, AttributeType>> = {},
  options: PortalElementOptions = {},
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

  const renderer = {
    mount(container: HTMLElement, _view: unknown, props: Record<string, unknown>): ViewContext {
      const context: ViewContext = { props, gone: false };
      if (options.slotWhileLoading && !container.firstChild) container.append(document.createElement('slot'));
      void Promise.all([import('./mount'), load()]).then(
        ([{ mountView }, { default: View }]) => {
          if (context.gone) return;
          context.mounted = mountView(container as unknown as ShadowRoot, View as ComponentType<ElementViewProps>, context.props);
        },
        (error: unknown) => console.error(`${(container as unknown as ShadowRoot).host?.localName ?? 'cp-*'}: its view did not load`, error),
      );
      return context;
    },
    update(context: ViewContext, props: Record<string, unknown>) {
      context.props = props;
      context.mounted?.render(props);
    },
    unmount(context: ViewContext) {
      context.gone = true;
      context.mounted?.unmount();
    },
  };

  const Base = r2wc(
    // r2wc's core hands this to the renderer; ours loads the view itself.
    load as unknown as ComponentType<{ container?: HTMLElement }>,
    {
      shadow: 'open',
      props: Object.fromEntries(Object.entries(attributes).map(([key, type]) => [key, type === 'boolean' ? 'string' : type])) as Record<string, AttributeType>,
    },
    renderer,
  ) as unknown as { new (): R2wcInternals };

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
