import type { ReleaseIntegrity } from './releases';

/**
 * The script that shows, in every `cp-*` element of the page, that the SDK could not be loaded when
 * its entry is refused (its integrity does not match, or it did not arrive): the entry defines the
 * elements, so without it nothing else could. Each element not defined gets the message in its
 * language (its own or nearest `lang`, English when the release has none for it) as an alert in a
 * shadow root, and raises `{tag}-error` with `detail: { code: 'unavailable', message }`, as the
 * elements do when the portal cannot be reached. It builds its nodes with `textContent` (no HTML
 * sinks: it runs under Trusted Types).
 */
function fallbackScript(entry: string, messages: Readonly<Record<string, string>>): string {
  return [
    '(() => {',
    `  const entry = ${JSON.stringify(entry)};`,
    `  const messages = ${JSON.stringify(messages)};`,
    '  addEventListener("error", (event) => {',
    '    if (!(event.target instanceof HTMLScriptElement) || event.target.src !== entry) return;',
    '    for (const element of document.querySelectorAll("*")) {',
    '      if (!element.localName.startsWith("cp-") || customElements.get(element.localName)) continue;',
    '      const lang = (element.closest("[lang]")?.lang || "en").toLowerCase().split("-")[0];',
    '      const message = messages[lang] ?? messages.en;',
    '      const alert = document.createElement("p");',
    '      alert.setAttribute("role", "alert");',
    '      alert.setAttribute("part", "unavailable");',
    '      alert.textContent = message;',
    '      (element.shadowRoot ?? element.attachShadow({ mode: "open" })).replaceChildren(alert);',
    '      element.dispatchEvent(new CustomEvent(element.localName + "-error", { bubbles: true, composed: true, detail: { code: "unavailable", message } }));',
    '    }',
    '  }, true);',
    '})();',
  ].join('\n');
}

/** Options of {@link pinnedSnippet}. */
export interface SnippetOptions {
  /** The release's folder as a partner's page reaches it, ending in `/`: `https://portal.example/sdk/1.2.3/`. */
  base: string;
  integrity: ReleaseIntegrity;
  /** The elements' "could not be reached" message by language; `en` is required. */
  unavailable: Readonly<Record<string, string>> & { en: string };
  /** The nonce attribute's value to write. @default `{{nonce}}`, for the partner to fill in */
  nonce?: string;
}

/**
 * The HTML a partner's page puts in its `<head>` to load one release of the SDK, every file checked
 * by the browser against its hash: an import map whose `integrity` section covers the entry and
 * every chunk it loads (now or later — the module loader checks each), the fallback above, and the
 * entry's `<script type="module">` with `integrity` and `crossorigin`; the theme's font as an
 * optional stylesheet link with its own `integrity`. Each script carries the page's CSP nonce.
 */
export function pinnedSnippet({ base, integrity, unavailable, nonce = '{{nonce}}' }: SnippetOptions): string {
  const url = (file: string) => new URL(file, base).href;
  const modules = Object.entries(integrity.files).filter(([file]) => file.endsWith('.js'));
  const map = { integrity: Object.fromEntries(modules.map(([file, sri]) => [url(file), sri])) };
  const entry = url(integrity.entry);
  const attr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  const font = integrity.files['font.css'];
  return [
    `<!-- Cloud Portal SDK ${integrity.version}, pinned: the browser checks every file against its sha384 hash.`,
    `     Put your Content-Security-Policy nonce in each nonce attribute (or remove them if your policy has none).`,
    `     Your own module imports the same file: import { configure } from '${entry}'; -->`,
    `<script type="importmap" nonce="${attr(nonce)}">`,
    JSON.stringify(map, null, 2).replaceAll('</', '<\\/'),
    `</script>`,
    `<script nonce="${attr(nonce)}">`,
    fallbackScript(entry, unavailable).replaceAll('</', '<\\/'),
    `</script>`,
    `<script type="module" src="${attr(entry)}" integrity="${integrity.files[integrity.entry]}" crossorigin="anonymous" nonce="${attr(nonce)}"></script>`,
    ...(font
      ? [
          `<!-- Optional: the theme's font (Inter). -->`,
          `<link rel="stylesheet" href="${attr(url('font.css'))}" integrity="${font}" crossorigin="anonymous">`,
        ]
      : []),
    '',
  ].join('\n');
}
