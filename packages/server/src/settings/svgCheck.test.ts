import { describe, expect, it } from 'vitest';
import { svgProblems } from './svgCheck';

const svg = (body: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attrs}>${body}</svg>`;

describe('an uploaded SVG is refused when it could run or load anything opened on its own (issue: a stored script in the portal origin)', () => {
  it('given a plain logo (shapes, gradients, inner references, inline style, editor metadata, an embedded bitmap), then nothing is wrong', () => {
    const logo = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 10 10">
  <title>Contoso</title>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient><style>.a{fill:url(#g)}</style></defs>
  <inkscape:page id="p1"/>
  <rect class="a" width="10" height="10" style="fill:url('#g')" inkscape:label="bg"/>
  <use xlink:href="#g"/><use href="#g"/>
  <image href="data:image/png;base64,iVBORw0KGgo="/>
</svg>`;
    expect(svgProblems(logo)).toEqual([]);
  });

  it.each([
    [
      'a script element',
      svg('<script>fetch("/api/auth/refresh-token",{method:"POST",credentials:"include"})</script>'),
      'a <script> element',
    ],
    ['an event handler', svg('<rect/>', ' onload="alert(1)"'), 'an event handler (onload)'],
    ['an upper-case event handler', svg('<rect ONCLICK="alert(1)"/>'), 'an event handler (ONCLICK)'],
    [
      'a foreignObject',
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
      'a <foreignObject> element',
    ],
    [
      'an HTML script under a prefix',
      svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'),
      'an HTML <script> element',
    ],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><text>x</text></a>'), 'a link to another file (href)'],
    [
      'an external xlink',
      svg('<use xlink:href="https://evil.example/s.svg#x"/>'),
      'a link to another file (xlink:href)',
    ],
    ['an external image', svg('<image href="https://evil.example/track.png"/>'), 'a link to another file (href)'],
    ['a data: document', svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>'), 'a link to another file (href)'],
    [
      'an animation that writes a link',
      svg('<a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a>'),
      'an <set> that changes href',
    ],
    [
      'an external url() in a style',
      svg('<style>rect{fill:url(https://evil.example/x)}</style>'),
      'a url(…) reference to another file',
    ],
    ['an @import', svg('<style>@import "https://evil.example/x.css";</style>'), 'a style sheet @import'],
    [
      'an external url() in an attribute',
      svg('<rect fill="url(http://evil.example/#g)"/>'),
      'a url(…) reference to another file',
    ],
    [
      'an xml-stylesheet',
      `<?xml-stylesheet href="https://evil.example/x.css"?>${svg('')}`,
      'an xml-stylesheet instruction',
    ],
    ['entities', `<!DOCTYPE svg [<!ENTITY x "y">]>${svg('')}`, 'entity declarations in its DOCTYPE'],
    [
      'an HTML page',
      '<html xmlns="http://www.w3.org/1999/xhtml"><body>x</body></html>',
      'a root element other than <svg> in the SVG namespace',
    ],
    ['broken XML', '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>', 'content that is not well-formed XML'],
  ])('given %s, then it is refused and the reason named', (_what, text, reason) => {
    expect(svgProblems(text)).toContain(reason);
  });
});
