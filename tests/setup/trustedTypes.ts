// A page that requires Trusted Types, as far as jsdom can be one (jsdom has none): a `trustedTypes`
// whose policies make TrustedHTML objects a string cannot pass for, and the HTML sinks of the page's
// document watched — `innerHTML` and `outerHTML` of its elements and shadow roots, and
// `insertAdjacentHTML`. A browser enforcing `require-trusted-types-for 'script'` refuses a string at
// any of them and reports it; here each string is recorded as that report (and then set: jsdom
// enforces nothing). Not watched: the documents DOMPurify parses in (it took the page's
// `trustedTypes` when first imported, before a test could fake it) and `DOMParser` (core's
// trustedTypes.test.ts checks what the SDK hands it). The e2e test of the strict partner page
// holds the SDK to a real browser's enforcement.

/** What a policy made: the HTML, and the policy's name. */
export class FakeTrustedHtml {
  constructor(
    readonly html: string,
    readonly policy: string,
  ) {}
  toString(): string {
    return this.html;
  }
  toJSON(): string {
    return this.html;
  }
}

/** A string given to one of the page's HTML sinks: what the browser would have refused. */
export interface SinkViolation {
  sink: string;
  sample: string;
}

/** The page of {@link requireTrustedTypes}: what was created and refused, and the way back to jsdom's own. */
export interface TrustedTypesPage {
  /** The names of the policies created, in order. */
  policies: string[];
  /** Policies asked for that the page does not allow. */
  refused: string[];
  /** Every TrustedHTML handed to a sink of the page, with its sink. */
  trusted: { sink: string; value: FakeTrustedHtml }[];
  /** Every string handed to a sink of the page. */
  violations: SinkViolation[];
  /** jsdom's own sinks and no `trustedTypes` again. */
  restore(): void;
}

/**
 * Makes the test's page one that requires Trusted Types, allowing the policies `allowed` (a
 * `trusted-types` directive's list), until `restore()`.
 */
export function requireTrustedTypes(allowed: readonly string[]): TrustedTypesPage {
  const page: TrustedTypesPage = { policies: [], refused: [], trusted: [], violations: [], restore };
  const global = globalThis as { trustedTypes?: unknown };
  const before = Object.getOwnPropertyDescriptor(global, 'trustedTypes');
  global.trustedTypes = {
    createPolicy(name: string, rules: { createHTML?(input: string): string }) {
      if (!allowed.includes(name) || page.policies.includes(name)) {
        page.refused.push(name);
        throw new TypeError(`Failed to execute 'createPolicy': Policy "${name}" disallowed.`);
      }
      page.policies.push(name);
      return {
        createHTML: (input: string) => new FakeTrustedHtml(rules.createHTML?.(input) ?? '', name),
      };
    },
  };

  const undo: (() => void)[] = [];
  /** The HTML a sink of `node`'s document takes, recorded; a node of another document passes unwatched. */
  const checked = (node: Node, sink: string, value: unknown): unknown => {
    if (node.ownerDocument !== document && node !== document) return value;
    if (value instanceof FakeTrustedHtml) {
      page.trusted.push({ sink, value });
      return value.html;
    }
    page.violations.push({ sink, sample: String(value).slice(0, 40) });
    return value;
  };
  const watchSetter = (proto: object, name: string, sink: string) => {
    const own = Object.getOwnPropertyDescriptor(proto, name)!;
    Object.defineProperty(proto, name, {
      ...own,
      set(this: Node, value: unknown) {
        own.set!.call(this, checked(this, sink, value));
      },
    });
    undo.push(() => Object.defineProperty(proto, name, own));
  };
  watchSetter(Element.prototype, 'innerHTML', 'Element innerHTML');
  watchSetter(Element.prototype, 'outerHTML', 'Element outerHTML');
  watchSetter(ShadowRoot.prototype, 'innerHTML', 'ShadowRoot innerHTML');
  const insert = Object.getOwnPropertyDescriptor(Element.prototype, 'insertAdjacentHTML')!;
  Object.defineProperty(Element.prototype, 'insertAdjacentHTML', {
    ...insert,
    value(this: Element, position: InsertPosition, html: unknown) {
      return (insert.value as Element['insertAdjacentHTML']).call(
        this,
        position,
        checked(this, 'Element insertAdjacentHTML', html) as string,
      );
    },
  });
  undo.push(() => Object.defineProperty(Element.prototype, 'insertAdjacentHTML', insert));

  function restore() {
    for (const step of undo.splice(0).reverse()) step();
    if (before) Object.defineProperty(global, 'trustedTypes', before);
    else delete global.trustedTypes;
  }
  return page;
}
