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
 * Where a CSS text goes in a root's order: `base` (the theme tokens and the ui primitives: Button,
 * Dialog, Field…) always before `piece` (a piece's own CSS, which overrides a primitive with rules of
 * the same specificity, e.g. a list's left-aligned Button). Without it the order was first use: a
 * page where a piece's CSS arrived before Button's drew that piece's buttons centred.
 * @internal
 */
export type StyleRank = 'base' | 'piece';

// The SDK's constructed sheets by rank, to keep every base sheet ahead of every piece sheet.
const pieceSheets = new WeakSet<CSSStyleSheet>();

/** Adopts `sheet` into `root`: a base sheet before the SDK's first piece sheet there, a piece sheet last. */
function adoptSheet(root: Document | ShadowRoot, sheet: CSSStyleSheet, rank: StyleRank): void {
  const list = [...root.adoptedStyleSheets];
  const firstPiece = rank === 'base' ? list.findIndex((s) => pieceSheets.has(s)) : -1;
  if (rank === 'piece') pieceSheets.add(sheet);
  if (firstPiece < 0) list.push(sheet);
  else list.splice(firstPiece, 0, sheet);
  root.adoptedStyleSheets = list;
}

/** The <style> fallback of {@link adoptSheet}: the same order, by a data attribute. */
function appendStyle(root: Document | ShadowRoot, css: string, rank: StyleRank): void {
  const doc = root instanceof Document ? root : root.ownerDocument;
  const parent = root instanceof Document ? root.head : root;
  const style = doc.createElement('style');
  style.dataset.cpStyle = rank;
  style.textContent = css;
  const firstPiece =
    rank === 'base'
      ? ([...parent.children].find((e) => e instanceof HTMLStyleElement && e.dataset.cpStyle === 'piece') ?? null)
      : null;
  parent.insertBefore(style, firstPiece);
}

/**
 * Adds CSS to the document or shadow root that holds `node`, once per root, in `rank`'s place (the
 * theme tokens and the ui primitives before the pieces' CSS, whatever rendered first).
 * Constructable stylesheets need no inline <style>, so a strict Content-Security-Policy
 * without 'unsafe-inline' still styles the SDK; where they are missing a <style> is the fallback.
 * @internal
 */
export function adoptStyles(node: Node, cssTexts: readonly string[], rank: StyleRank = 'piece'): void {
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
      adoptSheet(root, sheet, rank);
    } else appendStyle(root, css, rank);
  }
}

/**
 * Styles a component wherever it renders: returns a ref for its root element, and adopts the theme
 * tokens plus the component's CSS into that element's document or shadow root before the first paint.
 * The ui primitives pass `rank` 'base', so a piece's CSS always comes after theirs.
 * @internal
 */
export function useStyles<T extends Element>(css: string, rank: StyleRank = 'piece'): RefObject<T | null> {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    if (!ref.current) return;
    adoptStyles(ref.current, [tokensCss], 'base');
    adoptStyles(ref.current, [css], rank);
  }, [css, rank]);
  return ref;
}
