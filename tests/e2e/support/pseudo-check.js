// The pseudo-locale check (issue 24 §2), injected into every document of a page under test (as axe
// is) and called in the page as `window.cpPseudoCheck()` once the page shows the pseudo-locale
// (en-XA: every catalogue text accented, bracketed and 40 % longer; rules/locale.ts pseudoLocalize).
//
// It answers two lists:
// - `untranslated`: visible text, and the attributes a person reads or hears (aria-label, title,
//   placeholder, alt), with English words and no pseudo-locale mark: text that did not come from the
//   catalogue. Data is not text of ours: what a component marks `translate="no"` (names, ids, values,
//   a model's answer; the HTML attribute that also keeps a browser's translator off it) is skipped,
//   and so are the English month and weekday names and units that Intl writes for en-XA (it formats
//   the pseudo-locale as English).
// - `overflow`: an element whose text is wider than its box and spills out of it (overflow visible)
//   or is cut off without an ellipsis (overflow hidden or clip), and a page that scrolls sideways.
//   A scrolling box (overflow auto or scroll) and an ellipsis are designed to hold long text.
(() => {
  const PSEUDO_MARK = /[áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ·]/;
  const ENGLISH_WORD = /[A-Za-z]{2,}/;
  // A form field's value is what the user typed.
  const SKIPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA']);
  /** Storybook's own messages around a story (shown only when a story fails to render). */
  const STORYBOOK_UI =
    '#storybook-docs, .sb-wrapper, .sb-errordisplay, .sb-nopreview, .sb-preparing-story, .sb-preparing-docs';
  /**
   * Texts fixed when raised: a toast's, a confirm dialog's title, text and button labels given by its
   * caller, and the screen-reader announcement last made.
   */
  const RAISED = '.cp-toast, .cp-confirm, [part~="announcer"]';
  const READ_ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription', 'aria-valuetext'];

  /** Words Intl writes in English for en-XA: month and weekday names, day periods. */
  const intlWords = (() => {
    const words = new Set(['AM', 'PM']);
    for (let m = 0; m < 12; m++)
      for (const month of ['long', 'short'])
        words.add(new Intl.DateTimeFormat('en', { month, timeZone: 'UTC' }).format(Date.UTC(2026, m, 15)));
    for (let d = 0; d < 7; d++)
      for (const weekday of ['long', 'short'])
        words.add(new Intl.DateTimeFormat('en', { weekday, timeZone: 'UTC' }).format(Date.UTC(2026, 0, 4 + d)));
    return words;
  })();
  /** Currency codes and byte units, which Intl and the byte formatter write as they are in every locale. */
  const UNIT = /^(?:[A-Z]{3}|[KMGT]?B|KiB|MiB|GiB)$/;

  /** Every document root and open shadow root under `document`, outermost first. */
  function roots() {
    const all = [document];
    for (let i = 0; i < all.length; i++)
      for (const el of all[i].querySelectorAll('*')) if (el.shadowRoot) all.push(el.shadowRoot);
    return all;
  }

  /** The element's parent, crossing out of a shadow root to its host. */
  const up = (el) => el.parentElement ?? (el.parentNode instanceof ShadowRoot ? el.parentNode.host : null);

  /**
   * Is `el` outside the check: inside data (translate="no"), a skipped tag, the test runner's own UI,
   * a message fixed when it was raised (a toast, a confirm dialog's caller-given texts: they keep the
   * language of that moment), or not inside a piece of ours at all (a story's or a partner's own
   * markup around it, a partner's content slotted into an element)? Ours: an element with a `cp-`
   * class, or anything in a `cp-*` element's shadow root.
   */
  function excluded(el) {
    const fixed = fixedTexts();
    let ours = false;
    for (let e = el; e; e = up(e)) {
      if (SKIPPED_TAGS.has(e.tagName)) return true;
      if (e.getAttribute('translate') === 'no') return true;
      if (e.matches(STORYBOOK_UI) || e.matches(RAISED)) return true;
      // The story's fixed texts: the element's own text and attributes, not what it holds.
      if (e === el && fixed && e.matches(fixed)) return true;
      if ([...e.classList].some((c) => c.startsWith('cp-'))) ours = true;
      // In a cp-* element's shadow root (its light-DOM children are the partner's, slotted).
      if (!e.parentElement && e.parentNode instanceof ShadowRoot && e.parentNode.host.localName.startsWith('cp-'))
        ours = true;
    }
    return !ours;
  }

  /**
   * The story's own exclusions: a selector of the elements whose own text and attributes it gives in
   * English (a caller's texts passed to a kit component, a server's answer fetched before the
   * switch), from its `pseudoLocale.fixed` parameter, which the Storybook decorator writes as
   * `data-pseudo-fixed`.
   */
  let fixedCache;
  function fixedTexts() {
    if (fixedCache === undefined)
      fixedCache = [...document.querySelectorAll('[data-pseudo-fixed]')].map((e) => e.dataset.pseudoFixed).join(', ');
    return fixedCache;
  }

  /** Is the element rendered (not display:none, not visibility:hidden)? Clipped, screen-reader-only text counts. */
  const shown = (el) => el.checkVisibility({ visibilityProperty: true });

  /** English words of `text` that are not Intl's or units. */
  function englishIn(text) {
    if (PSEUDO_MARK.test(text)) return null;
    const words = (text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !intlWords.has(w) && !UNIT.test(w));
    return words.length ? words : null;
  }

  /** A short, readable path to `el`: its tag, id or first class, and the same for two ancestors. */
  function where(el) {
    const steps = [];
    for (let e = el; e && steps.length < 3; e = up(e)) {
      const cls = typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/)[0]}` : '';
      const part = e.getAttribute('part') ? `[part=${e.getAttribute('part')}]` : '';
      steps.unshift(`${e.localName}${e.id ? `#${e.id}` : cls}${part}`);
    }
    return steps.join(' > ');
  }

  const clip = (text) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

  function untranslated() {
    const found = new Map();
    const note = (text, el, what) => {
      const key = `${what}"${clip(text.trim().replace(/\s+/g, ' '))}"`;
      if (!found.has(key)) found.set(key, `${key} in ${where(el)}`);
    };
    for (const root of roots()) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || !node.data.trim() || !ENGLISH_WORD.test(node.data)) continue;
        if (excluded(el) || !shown(el) || !englishIn(node.data)) continue;
        note(node.data, el, '');
      }
      for (const el of root.querySelectorAll(READ_ATTRIBUTES.map((a) => `[${a}]`).join(','))) {
        if (excluded(el) || !shown(el)) continue;
        for (const name of READ_ATTRIBUTES) {
          const value = el.getAttribute(name);
          if (value && englishIn(value)) note(value, el, `${name}=`);
        }
      }
    }
    return [...found.values()];
  }

  function overflow() {
    const found = [];
    const doc = document.scrollingElement;
    if (doc && doc.scrollWidth > doc.clientWidth + 1)
      found.push(`the page scrolls sideways: ${doc.scrollWidth} px wide in a ${doc.clientWidth} px window`);
    for (const root of roots())
      for (const el of root.querySelectorAll('*')) {
        const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.data.trim());
        if (!hasText || excluded(el) || !shown(el)) continue;
        const style = getComputedStyle(el);
        if (style.display === 'inline' || style.display === 'contents') continue;
        // Screen-reader-only text sits in a 1 px clipped box on purpose.
        if (el.clientWidth <= 2 || el.clientHeight <= 2) continue;
        const wide = el.scrollWidth > el.clientWidth + 1;
        const tall = el.scrollHeight > el.clientHeight + 1;
        const text = clip(el.textContent.trim().replace(/\s+/g, ' '));
        if (wide && style.overflowX === 'visible')
          found.push(`"${text}" overflows its box (${el.scrollWidth} px in ${el.clientWidth}) in ${where(el)}`);
        else if (
          wide &&
          (style.overflowX === 'hidden' || style.overflowX === 'clip') &&
          style.textOverflow !== 'ellipsis'
        )
          found.push(`"${text}" is cut off (${el.scrollWidth} px in ${el.clientWidth}, no ellipsis) in ${where(el)}`);
        else if (
          tall &&
          (style.overflowY === 'hidden' || style.overflowY === 'clip') &&
          style.webkitLineClamp === 'none'
        )
          found.push(`"${text}" is cut off below (${el.scrollHeight} px in ${el.clientHeight}) in ${where(el)}`);
      }
    return found;
  }

  window.cpPseudoCheck = () => {
    fixedCache = undefined;
    return { untranslated: untranslated(), overflow: overflow() };
  };
})();
