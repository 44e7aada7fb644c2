import r2wc from '@r2wc/core';
import type { PortalClient } from '@cloudportal/core';
import { startEarlyRefresh } from '@cloudportal/core/early';
import { unavailableMessages } from '@cloudportal/core/launcher';
import type { Theme } from '@cloudportal/core/rules';
import type { ComponentType } from 'react';
import { configuredMessages, loadedRuntime, loadRuntime, pendingConfig } from './loader';
import type { MountedView } from './mount';
import type { ElementViewProps, Emit } from './viewProps';

export type { ElementViewProps, Emit };

/** Attribute types the elements convert: attribute `foo-bar` ⇄ property `fooBar`. */
export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

/** Loads an element's React view: `() => import('./x-view')`, whose default export is the view. */
export type ViewLoader<P extends object> = () => Promise<{ default: ComponentType<P & ElementViewProps> }>;

/** What a stand-in is given to ask for the view. */
export interface StandInControls {
  /** Loads the view and mounts it in the stand-in's place. */
  load(): void;
  /** Downloads the view (and React) without mounting it, so a later `load()` is immediate. */
  prefetch(): void;
}

/**
 * A light stand-in, without React, that an element shows instead of loading its view at once
 * (`<cp-assistant>`'s launcher button): the view loads when the stand-in calls `load()`.
 */
export interface StandIn {
  /** Whether the element, with these properties, shows the stand-in (else its view loads at once). */
  wanted(props: Record<string, unknown>): boolean;
  /**
   * Renders the stand-in in the shadow root. Returns its removal, called in the same task as the
   * view's first render (no frame without either); what that returns joins the view's first props.
   */
  render(root: ShadowRoot, props: Record<string, unknown>, controls: StandInControls): () => object | void;
}

/** Options of {@link createPortalElement}. */
export interface PortalElementOptions {
  /** Show the element's children (a `<slot>`) until the view has loaded. @default false */
  slotWhileLoading?: boolean;
  /** Show this stand-in, and load the view only when it asks. */
  standIn?: StandIn;
  /**
   * The theme when the element has no `theme` attribute: `light` for a piece on a partner's page
   * (never the portal's stored dark mode unless the partner asks with `theme="portal"`).
   * @default 'light'
   */
  defaultTheme?: Theme;
  /**
   * Whether the view signs in (resumes the portal session): then, when it is the page's first view
   * to load, its resuming refresh is asked at once, while React and the view download
   * (`startEarlyRefresh`). @default true
   */
  session?: boolean;
  /**
   * The page whose description the view's first data needs, asked along that early refresh (read
   * from the element's props when the refresh is sent): `<cp-page>` names its page, so the refresh
   * also brings the menu and the page's description.
   */
  earlyPage?: (props: Record<string, unknown>) => string | undefined;
  /**
   * The element's error event: raised with `detail: { code: 'unavailable', message }` when its code
   * could not be loaded (the network failed, or the browser refused a file whose integrity did not
   * match), while the element shows that message. @default none: the element shows the message only
   */
  errorEvent?: `cp-${string}-error`;
  /**
   * What the element adds to its class: methods the host page calls, and accessors that take the
   * place of a plain property (the element's own code, not its React view, answers them; they may
   * load what they need). Their JSDoc lives in the element's methods interface.
   */
  members?: PropertyDescriptorMap & ThisType<PortalElement>;
  /**
   * Attributes the element reads itself, not its view: `attribute-name` → what a change does (called
   * with the new value, null when removed), instead of passing it to the view as a property.
   */
  ownAttributes?: Record<string, (this: PortalElement, value: string | null) => void>;
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

/**
 * A cp-* element: an HTMLElement with a `client` property.
 * @public
 */
export interface PortalElement extends HTMLElement {
  /**
   * The portal client this element uses: the one set here; else, once the SDK's client has loaded
   * (with any element's view, `portalClient()`, `toast()` or `confirm()`), a client for its
   * `api-base` when that is another origin, or the page-wide default (`configure()`); `undefined`
   * before that.
   */
  get client(): PortalClient | undefined;
  set client(value: PortalClient);
}

/**
 * The constructor of a cp-* element.
 * @public
 */
export type PortalElementConstructor<M extends object = object> = {
  new (): PortalElement & M;
  prototype: PortalElement & M;
};

/** One connected element's view: mounted once React and the view have loaded. */
interface ViewContext {
  container: ShadowRoot;
  props: Record<string, unknown>;
  mounted?: MountedView;
  gone: boolean;
  started: boolean;
  /** Removes the stand-in, when one shows. */
  removeStandIn?: () => object | void;
}

/**
 * The page's first view to load asks its resuming refresh now, in parallel with the code:
 * not when the element has its own `client`, nor for a partner's `tokenProvider` (no refresh
 * cookie), nor once the runtime has loaded (its clients have started their sessions).
 */
function askSessionEarly(props: Record<string, unknown>, page?: () => string | undefined): void {
  const pending = pendingConfig();
  if (props.client || loadedRuntime() || pending?.tokenProvider) return;
  const own = typeof props.apiBase === 'string' && props.apiBase.trim() ? props.apiBase : undefined;
  startEarlyRefresh(own ?? pending?.apiBase ?? '', page);
}

/**
 * Wraps a React view as a custom element class that follows the SDK's element conventions:
 * an open shadow root with adopted stylesheets; attributes in kebab-case mapped to camelCase
 * properties; a `client` property, else a client for an `apiBase` attribute of another origin, else
 * the page-wide default client; `data-cp-theme` reflected on the host from its `theme` attribute
 * (`light` by default; `dark`, `auto` for the visitor's colour scheme, `portal` for the portal's dark mode);
 * events named `cp-*`, with an object `detail`, that bubble, cross the shadow boundary (`composed`)
 * and are cancelable.
 *
 * The class itself carries no React: the view — and React with it — loads when an element first
 * connects (r2wc's core with a renderer that mounts once `load()` resolves), so a page pays only for
 * the elements it uses, and defining every tag costs almost nothing.
 */
export function createPortalElement<P extends object, M extends object = object>(
  load: ViewLoader<P>,
  attributes: Partial<Record<Extract<keyof P, string>, AttributeType>> = {},
  options: PortalElementOptions = {},
): PortalElementConstructor<M> {
  // In Node (a server render, a test importing every entry) there is no HTMLElement to extend:
  // importing the elements is harmless there, and nothing is defined (defineOnce).
  if (typeof HTMLElement === 'undefined') return withoutDom<M>();
  // Boolean attributes follow HTML: present means true (`docked`, `docked=""`, `docked="docked"`),
  // except an explicit `"false"`; removing the attribute unsets it. r2wc's boolean type reads
  // `docked=""` as false and ignores empty values and removals, so the element reads them itself;
  // r2wc keeps the property (set as a string attribute, which comes back through here).
  const booleans = new Map(
    Object.keys(attributes)
      .filter((key) => attributes[key as keyof typeof attributes] === 'boolean')
      .map((key) => [key.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase(), key]),
  );

  const download = () => Promise.all([loadRuntime(), load()]);
  const start = (context: ViewContext) => {
    const { container } = context;
    if (context.started || context.gone) return;
    context.started = true;
    const connectedAt = performance.now();
    const { earlyPage } = options;
    if (options.session !== false) askSessionEarly(context.props, earlyPage && (() => earlyPage(context.props)));
    void download().then(
      ([{ mountView }, { default: View }]) => {
        if (context.gone) return;
        const first = context.removeStandIn?.() ?? {};
        context.removeStandIn = undefined;
        context.mounted = mountView(
          container,
          View as ComponentType<ElementViewProps>,
          { ...context.props, ...first },
          options.defaultTheme ?? 'light',
          connectedAt,
        );
      },
      (error: unknown) => {
        context.started = false;
        console.error(`${container.host?.localName ?? 'cp-*'}: its view did not load`, error);
        // The hosts of dialogs and toasts (no session, nothing of their own to show) stay empty.
        if (!context.gone && options.session !== false) showUnavailable(context, options.errorEvent);
      },
    );
  };
  const { standIn } = options;

  const renderer = {
    mount(root: HTMLElement, _view: unknown, props: Record<string, unknown>): ViewContext {
      const container = root as unknown as ShadowRoot;
      const context: ViewContext = { container, props, gone: false, started: false };
      if (standIn?.wanted(props)) {
        context.removeStandIn = standIn.render(container, props, {
          load: () => start(context),
          prefetch: () => void download().catch(() => undefined),
        });
        return context;
      }
      if (options.slotWhileLoading && !container.firstChild) container.append(document.createElement('slot'));
      start(context);
      return context;
    },
    update(context: ViewContext, props: Record<string, unknown>) {
      context.props = props;
      if (context.mounted) context.mounted.render(props);
      // A stand-in no longer wanted (`mode` changed): load the view now.
      else if (context.removeStandIn && !standIn?.wanted(props)) start(context);
    },
    unmount(context: ViewContext) {
      context.gone = true;
      context.removeStandIn?.();
      context.mounted?.unmount();
    },
  };

  const Base = r2wc(
    // r2wc's core hands this to the renderer; ours loads the view itself.
    load as unknown as ComponentType<{ container?: HTMLElement }>,
    {
      shadow: 'open',
      props: Object.fromEntries(
        Object.entries(attributes).map(([key, type]) => [key, type === 'boolean' ? 'string' : type]),
      ) as Record<string, AttributeType>,
    },
    renderer,
  ) as unknown as { new (): R2wcInternals };

  class PortalElementClass extends Base {
    get client(): PortalClient | undefined {
      const props = this[R2WC_PROPS];
      return (props.client as PortalClient | undefined) ?? loadedRuntime()?.elementClient(props.apiBase);
    }
    set client(value: PortalClient) {
      this[R2WC_PROPS].client = value;
      this[R2WC_RENDER]();
    }
    override attributeChangedCallback(name: string, previous: string | null, value: string | null) {
      const own = options.ownAttributes?.[name];
      if (own) return own.call(this as unknown as PortalElement, value);
      const prop = booleans.get(name);
      if (prop === undefined) return super.attributeChangedCallback(name, previous, value);
      this[R2WC_PROPS][prop] = booleanAttribute(value);
      this[R2WC_RENDER]();
    }
  }
  if (options.members) Object.defineProperties(PortalElementClass.prototype, options.members);
  return PortalElementClass as unknown as PortalElementConstructor<M>;
}

/**
 * An element whose code could not be loaded: its stand-in gives way to the 'could not be reached'
 * message in the element's language (a message given to `configure()` first), as an alert in the
 * shadow root (part `unavailable`), and the element raises its error event, as it does when the
 * portal cannot be reached. Its next connection tries to load again.
 */
function showUnavailable(context: ViewContext, errorEvent: PortalElementOptions['errorEvent']): void {
  const { container } = context;
  const host = container.host as HTMLElement;
  context.removeStandIn?.();
  context.removeStandIn = undefined;
  const lang = (host.closest('[lang]')?.getAttribute('lang') ?? '').toLowerCase().split('-')[0] ?? '';
  const message =
    configuredMessages()?.['partner.unavailable'] ??
    unavailableMessages[lang as keyof typeof unavailableMessages] ??
    unavailableMessages.en;
  const alert = document.createElement('p');
  alert.setAttribute('role', 'alert');
  alert.setAttribute('part', 'unavailable');
  alert.textContent = message;
  container.replaceChildren(alert);
  if (errorEvent)
    host.dispatchEvent(
      new CustomEvent(errorEvent, {
        detail: { code: 'unavailable', message },
        bubbles: true,
        composed: true,
        cancelable: true,
      }),
    );
}

/** What an element's class is where there is no DOM (never defined there: `defineOnce`). */
const withoutDom = <M extends object>() => class {} as unknown as PortalElementConstructor<M>;

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
