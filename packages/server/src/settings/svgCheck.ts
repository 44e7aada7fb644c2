import { SaxesParser, type SaxesTagNS } from 'saxes';

/**
 * What an uploaded SVG may not carry. A logo is shown through `<img>`, where nothing in it runs; but a
 * user can open it on its own ("Open image in new tab"), where a browser renders it as a document.
 * So an SVG is refused when it could run code or load anything there: script, event handlers,
 * `foreignObject` and other embedding elements, HTML in any namespace, animations that rewrite a link,
 * and references to anything outside the file (links, `url(…)`, `@import`, style sheets, entities).
 *
 * The file is read with a namespace-aware XML parser — the way a browser reads `image/svg+xml` — so a
 * prefixed `<h:script xmlns:h="http://www.w3.org/1999/xhtml">` is seen as the HTML script it is.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
/** Editors' metadata namespaces a browser ignores (Inkscape, Sodipodi, RDF, Dublin Core, Creative Commons, Illustrator). */
const INERT_NS = [
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://purl.org/dc/elements/1.1/',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
  'http://ns.adobe.com/AdobeIllustrator/10.0/',
  'http://ns.adobe.com/Graphs/1.0/',
  'http://ns.adobe.com/Extensibility/1.0/',
  'http://ns.adobe.com/SaveForWeb/1.0/',
  'http://ns.adobe.com/Variables/1.0/',
  'http://ns.adobe.com/ImageReplacement/1.0/',
  'http://ns.adobe.com/xap/1.0/',
];
/** SVG elements that run code or embed another document. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'discard',
]);
/** SVG animation elements: harmless, unless they animate a link or a handler into being. */
const ANIMATIONS = new Set(['animate', 'set', 'animatemotion', 'animatetransform', 'animatecolor']);
/** A raster image inside the file (editors embed bitmaps this way); nothing in it can run. */
const EMBEDDED_RASTER = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
/** `url(` followed by anything but a fragment of this file. */
const EXTERNAL_URL = /url\(\s*(?![\s'"]*#)/i;

/** Why an SVG was refused: the first problems found, each a short phrase; empty when it may be stored. */
export function svgProblems(text: string): string[] {
  const problems = new Set<string>();
  const parser = new SaxesParser({ xmlns: true });
  let rootSeen = false;
  let styleDepth = 0;
  let depth = 0;

  const checkText = (value: string) => {
    if (EXTERNAL_URL.test(value)) problems.add('a url(…) reference to another file');
    if (/@import/i.test(value)) problems.add('a style sheet @import');
    if (/expression\s*\(|javascript:/i.test(value)) problems.add('script in a style');
  };

  const onTag = (tag: SaxesTagNS) => {
    depth++;
    const local = tag.local.toLowerCase();
    if (!rootSeen) {
      rootSeen = true;
      if (tag.uri !== SVG_NS || local !== 'svg') problems.add('a root element other than <svg> in the SVG namespace');
    }
    if (tag.uri === SVG_NS) {
      if (ACTIVE_ELEMENTS.has(local)) problems.add(`a <${tag.local}> element`);
      if (local === 'style') styleDepth = depth;
      if (ANIMATIONS.has(local)) {
        const target = (tag.attributes.attributeName?.value ?? '').trim().toLowerCase();
        if (/^(xlink:)?href$|^on/.test(target)) problems.add(`an <${tag.local}> that changes ${target}`);
      }
    } else if (!INERT_NS.includes(tag.uri)) {
      problems.add(
        tag.uri === 'http://www.w3.org/1999/xhtml'
          ? `an HTML <${tag.local}> element`
          : `an element of another namespace (${tag.uri || 'none'})`,
      );
    }
    for (const attribute of Object.values(tag.attributes)) {
      const name = attribute.local.toLowerCase();
      const value = attribute.value.trim();
      if (name.startsWith('on') && (attribute.uri === '' || attribute.uri === SVG_NS))
        problems.add(`an event handler (${attribute.name})`);
      else if (
        name === 'href' &&
        (attribute.uri === '' || attribute.uri === XLINK_NS) &&
        !value.startsWith('#') &&
        !(local === 'image' && EMBEDDED_RASTER.test(value))
      ) {
        problems.add(`a link to another file (${attribute.name})`);
      } else if (attribute.uri === 'http://www.w3.org/1999/xhtml')
        problems.add(`an HTML attribute (${attribute.name})`);
      else checkText(value);
    }
  };

  parser.on('opentag', onTag);
  parser.on('closetag', () => {
    if (depth === styleDepth) styleDepth = 0;
    depth--;
  });
  parser.on('text', (value) => styleDepth && checkText(value));
  parser.on('cdata', (value) => styleDepth && checkText(value));
  parser.on('processinginstruction', (pi) => {
    if (pi.target.toLowerCase() === 'xml-stylesheet') problems.add('an xml-stylesheet instruction');
  });
  parser.on('doctype', (doctype) => {
    // Entity declarations expand text (and, in some parsers, fetch files): no SVG logo needs them.
    if (/<!ENTITY|\bSYSTEM\b/i.test(doctype)) problems.add('entity declarations in its DOCTYPE');
  });
  let malformed = false;
  parser.on('error', () => {
    malformed = true;
  });
  try {
    parser.write(text).close();
  } catch {
    malformed = true;
  }
  if (malformed) return ['content that is not well-formed XML'];
  if (!rootSeen) problems.add('no <svg> element');
  return [...problems].slice(0, 5);
}
