import { useLayoutEffect, useRef, type RefObject } from 'react';
import tokensCss from './tokens.css?inline';

// One constructed sheet per CSS text, shared by every root that adopts it.
const sheets = new Map<string, CSSStyleSheet>();
// Roots that already carry a given CSS text, so adopting is idempotent.
const adopted = new WeakMap<Document | ShadowRoot, Set<string>>();

function canConstruct(root: Document | ShadowRoot): boolean {
  return (
    'adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype
  );
}

/**
 * Adds CSS to the document or shadow root that holds `node`, once per root.
 * Constructable stylesheets need no inline <style>, so a strict Content-Security-Policy
 * without 'unsafe-inline' still styles the SDK; where they are missing a <style> is the fallback.
 */
export function adoptStyles(node: Node, cssTexts: readonly string[]): void {
  const rootNode = node.getRootNode();
  const root = rootNode instanceof ShadowRoot || rootNode instanceof Document ? rootNode : node.ownerDocument;
  if (!root) return;
  let done = adopted.get(root);
  if (!done) adopted.set(root, (done = new Set()));
  for (const css of cssTexts) {
    if (done.has(css)) continue;
    done.add(css);
    if (canConstruct(root)) {
      let sheet = sheets.get(css);
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        sheets.set(css, sheet);
      }
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    } else {
      const style = (root instanceof Document ? root : root.ownerDocument).createElement('style');
      style.textContent = css;
      (root instanceof Document ? root.head : root).append(style);
    }
  }
}

/**
 * Styles a component wherever it renders: returns a ref for its root element, and adopts the theme
 * tokens plus the component's CSS into that element's document or shadow root before the first paint.
 */
export function useStyles<T extends Element>(css: string): RefObject<T | null> {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    if (ref.current) adoptStyles(ref.current, [tokensCss, css]);
  }, [css]);
  return ref;
}
