// The Custom Elements Manifest (the community schema, https://github.com/webcomponents/custom-elements-manifest)
// of @cloudportal/elements, generated from the elements' source and JSDoc: every
// `export const Cp…Element = createPortalElement<Props>(load, { attribute: type })` with its tag
// (`export const …_TAG = 'cp-…'`), the attributes of the map and their JSDoc in `Props`, the
// `client` property, the methods of its methods interface (`createPortalElement<Props, Methods>`), and
// the @event, @slot, @csspart and @cssproperty tags of the element's JSDoc.
// The build writes it to packages/elements/dist/custom-elements.json; a unit test holds it to the
// elements as defined at run time, and the elements README's table is generated from it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const kebab = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const clean = (text) => text.replace(/\s+/g, ' ').trim();

/** The JSDoc of a node: its description and its tags as [name, text]. */
function jsDoc(node) {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const doc = docs[docs.length - 1];
  if (!doc) return { description: '', tags: [] };
  const text = (c) => (typeof c === 'string' ? c : (c ?? []).map((part) => part.text ?? '').join(''));
  return {
    description: clean(text(doc.comment)),
    tags: (doc.tags ?? []).map((tag) => [tag.tagName.text, clean(text(tag.comment))]),
  };
}

/** `name - description` of an @event / @csspart / @cssproperty / @slot tag ('-' alone: the default slot). */
function nameAndDescription(text) {
  const match = /^(\S*)\s*-\s*([\s\S]*)$/.exec(text) ?? /^(\S+)\s*([\s\S]*)$/.exec(text);
  const name = match?.[1] === '-' ? '' : (match?.[1] ?? '');
  return { name, description: clean(match?.[2] ?? '') };
}

/**
 * Adds the methods of an element's methods interface to its members; a method of an attribute's
 * name (`open()` beside the `open` attribute) takes the place of that attribute's property.
 */
/** The props with no attribute (a property only, such as <cp-assistant>'s `actions`) as manifest fields. */
function propertyOnlyFields(props, map, source) {
  const mapped = new Set((map?.properties ?? []).map((p) => p.name?.getText(source)));
  return (props?.members ?? [])
    .filter((member) => ts.isPropertySignature(member) && !mapped.has(member.name?.getText(source)))
    .map((member) => ({
      kind: 'field',
      name: member.name.getText(source),
      type: { text: member.type ? clean(member.type.getText(source)) : 'unknown' },
      description: jsDoc(member).description,
    }));
}

function addMethods(members, methods, source) {
  for (const method of methods?.members ?? []) {
    if (!ts.isMethodSignature(method)) continue;
    const name = method.name.getText(source);
    const field = members.findIndex((m) => m.kind === 'field' && m.name === name);
    if (field >= 0) members.splice(field, 1);
    members.push({
      kind: 'method',
      name,
      description: jsDoc(method).description,
      parameters: method.parameters.map((p) => ({
        name: p.name.getText(source),
        type: { text: p.type ? clean(p.type.getText(source)) : 'unknown' },
        ...(p.questionToken ? { optional: true } : {}),
      })),
      return: { type: { text: method.type ? clean(method.type.getText(source)) : 'void' } },
    });
  }
}

/** The manifest of the elements in `srcDir` (packages/elements/src). */
export function generateManifest(srcDir) {
  const files = readdirSync(srcDir).filter((f) => f.endsWith('.ts') && !/\.(test|stories)\.tsx?$/.test(f));
  const modules = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(join(srcDir, file), 'utf8'), ts.ScriptTarget.ES2022, true);
    const interfaces = new Map();
    let tag = null;
    const elements = [];
    for (const statement of source.statements) {
      if (ts.isInterfaceDeclaration(statement)) interfaces.set(statement.name.text, statement);
      if (!ts.isVariableStatement(statement)) continue;
      for (const decl of statement.declarationList.declarations) {
        if (!ts.isIdentifier(decl.name) || !decl.initializer) continue;
        if (decl.name.text.endsWith('_TAG') && ts.isStringLiteral(decl.initializer)) tag = decl.initializer.text;
        const call = decl.initializer;
        if (
          ts.isCallExpression(call) &&
          ts.isIdentifier(call.expression) &&
          call.expression.text === 'createPortalElement'
        )
          elements.push({ name: decl.name.text, statement, call });
      }
    }
    if (!elements.length) continue;
    const declarations = elements.map(({ name, statement, call }) => {
      const doc = jsDoc(statement);
      const propsName =
        call.typeArguments?.[0] && ts.isTypeReferenceNode(call.typeArguments[0])
          ? call.typeArguments[0].typeName.getText(source)
          : null;
      const props = propsName ? interfaces.get(propsName) : undefined;
      const methodsName =
        call.typeArguments?.[1] && ts.isTypeReferenceNode(call.typeArguments[1])
          ? call.typeArguments[1].typeName.getText(source)
          : null;
      const methods = methodsName ? interfaces.get(methodsName) : undefined;
      const map = call.arguments[1] && ts.isObjectLiteralExpression(call.arguments[1]) ? call.arguments[1] : null;
      const attributes = [];
      const members = [
        {
          kind: 'field',
          name: 'client',
          type: { text: 'PortalClient' },
          description:
            'The portal client this element uses; default: a client for `api-base`, else the page-wide default client (`configure()`).',
        },
      ];
      for (const property of map?.properties ?? []) {
        if (!ts.isPropertyAssignment(property)) continue;
        const fieldName = property.name.getText(source);
        const kind = ts.isStringLiteral(property.initializer) ? property.initializer.text : 'string';
        const member = props?.members.find((m) => m.name?.getText(source) === fieldName);
        const memberDoc = member ? jsDoc(member) : { description: '', tags: [] };
        const type = member?.type ? clean(member.type.getText(source)) : kind;
        const fallback = memberDoc.tags.find(([t]) => t === 'default')?.[1];
        const attribute = {
          name: kebab(fieldName),
          fieldName,
          type: { text: type },
          description: memberDoc.description,
        };
        if (fallback) attribute.default = fallback;
        attributes.push(attribute);
        members.push({
          kind: 'field',
          name: fieldName,
          type: { text: type },
          description: memberDoc.description,
          attribute: kebab(fieldName),
          reflects: false,
          ...(fallback ? { default: fallback } : {}),
        });
      }
      members.push(...propertyOnlyFields(props, map, source));
      addMethods(members, methods, source);
      const tagged = (t) => doc.tags.filter(([n]) => n === t).map(([, text]) => nameAndDescription(text));
      return {
        kind: 'class',
        customElement: true,
        name,
        tagName: tag,
        description: doc.description,
        superclass: { name: 'HTMLElement', package: 'global:' },
        attributes,
        members,
        events: tagged('event').map((e) => ({
          name: e.name,
          type: { text: 'CustomEvent' },
          description: e.description,
        })),
        slots: tagged('slot'),
        cssParts: tagged('csspart'),
        cssProperties: tagged('cssproperty'),
      };
    });
    modules.push({
      kind: 'javascript-module',
      path: `dist/${file.replace(/\.ts$/, '.js')}`,
      declarations,
      exports: declarations.flatMap((d) => [
        { kind: 'js', name: d.name, declaration: { name: d.name, module: `dist/${file.replace(/\.ts$/, '.js')}` } },
        {
          kind: 'custom-element-definition',
          name: d.tagName,
          declaration: { name: d.name, module: `dist/${file.replace(/\.ts$/, '.js')}` },
        },
      ]),
    });
  }
  modules.sort((a, b) => a.path.localeCompare(b.path));
  return { schemaVersion: '2.1.0', readme: 'README.md', modules };
}

/** The custom elements of a manifest. */
export const manifestElements = (manifest) =>
  manifest.modules.flatMap((m) => m.declarations.filter((d) => d.customElement));

const cell = (text) => text.replace(/\|/g, '\\|');

/** The README's table of every element — attributes, events, parts — from the manifest. */
export function elementsTable(manifest) {
  const rows = manifestElements(manifest).map((d) => {
    const what = cell(
      d.description
        .split(/(?<=[.:])\s/)[0]
        .replace(/^`<[^>]+>` — /, '')
        .replace(/[:.]$/, ''),
    );
    const attributes = d.attributes.map((a) => `\`${a.name}\``).join(', ') || '—';
    const events = d.events.map((e) => `\`${e.name}\``).join(', ') || '—';
    const parts = d.cssParts.map((p) => `\`${p.name}\``).join(', ') || '—';
    const methods =
      d.members
        .filter((m) => m.kind === 'method')
        .map((m) => `\`${m.name}()\``)
        .join(', ') || '—';
    return `| \`<${d.tagName}>\` | ${what} | ${attributes} | ${methods} | ${events} | ${parts} |`;
  });
  return ['| element | what | attributes | methods | events | CSS parts |', '|---|---|---|---|---|---|', ...rows].join(
    '\n',
  );
}

/** A rollup plugin: emits `custom-elements.json` beside the build's output. */
export function customElementsManifest(srcDir) {
  return {
    name: 'cp-custom-elements-manifest',
    buildStart() {
      for (const file of readdirSync(srcDir)) if (file.endsWith('.ts')) this.addWatchFile(join(srcDir, file));
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'custom-elements.json',
        source: `${JSON.stringify(generateManifest(srcDir), null, 2)}\n`,
      });
    },
  };
}
