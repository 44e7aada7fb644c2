import buttonCss from '../ui/Button.css?inline';
import tokensCss from '../ui/tokens.css?inline';
import launcherCss from './AssistantLauncher.css?inline';

/**
 * The assistant's sparkles glyph (24 × 24), drawn by `ChatIcon` and by the stand-in launcher.
 * @internal
 */
export const SPARKLES_PATH =
  'M19 9l1.25-2.75L23 5l-2.75-1.25L19 1l-1.25 2.75L15 5l2.75 1.25L19 9zm-7.5.5L9 4 6.5 9.5 1 12l5.5 2.5L9 20l2.5-5.5L17 12l-5.5-2.5zM19 15l-1.25 2.75L15 19l2.75 1.25L19 23l1.25-2.75L23 19l-2.75-1.25L19 15z';

/**
 * The CSS the floating launcher needs: theme tokens, the button and the launcher's own rules.
 * @internal
 */
export const LAUNCHER_STYLES: readonly string[] = [tokensCss, buttonCss, launcherCss];

const SVG = 'http://www.w3.org/2000/svg';

/**
 * A stand-in launcher rendered by {@link renderLauncherButton}.
 * @public
 */
export interface LauncherButton {
  /** The `<button part="launcher">`. */
  button: HTMLButtonElement;
  /** Removes the stand-in and the stylesheets it added. */
  remove(): void;
}

/**
 * The floating 'Assistant' launcher without React: the same markup, parts and CSS as
 * `<AssistantLauncher variant="floating">`, so it can stand in for it until the chat has loaded
 * (`<cp-assistant>`'s launcher mode) and give way to it without a visible change. Its styles are
 * adopted into `root` (constructable stylesheets, else a `<style>`), and replace what `root` held.
 * @public
 */
export function renderLauncherButton(root: ShadowRoot, label: string): LauncherButton {
  const doc = root.ownerDocument;
  const wrapper = doc.createElement('span');
  wrapper.className = 'cp-assistant-launcher';
  wrapper.dataset.variant = 'floating';
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'cp-button';
  button.dataset.variant = 'primary';
  button.setAttribute('part', 'launcher');
  button.setAttribute('aria-haspopup', 'dialog');
  button.setAttribute('aria-expanded', 'false');
  const svg = doc.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({
    class: 'cp-assistant-icon',
    width: '20',
    height: '20',
    viewBox: '0 0 24 24',
    fill: 'currentColor',
    'aria-hidden': 'true',
    focusable: 'false',
  })) {
    svg.setAttribute(name, value);
  }
  const path = doc.createElementNS(SVG, 'path');
  path.setAttribute('d', SPARKLES_PATH);
  svg.append(path);
  button.append(svg, label);
  wrapper.append(button);

  let sheets: CSSStyleSheet[] = [];
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    sheets = LAUNCHER_STYLES.map((css) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      return sheet;
    });
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets];
    root.replaceChildren(wrapper);
  } else {
    const style = doc.createElement('style');
    style.textContent = LAUNCHER_STYLES.join('\n');
    root.replaceChildren(style, wrapper);
  }
  return {
    button,
    remove() {
      wrapper.remove();
      if (sheets.length) root.adoptedStyleSheets = root.adoptedStyleSheets.filter((sheet) => !sheets.includes(sheet));
      sheets = [];
    },
  };
}
