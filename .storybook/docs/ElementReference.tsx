import { Markdown, Source } from '@storybook/addon-docs/blocks';
import manifest from 'virtual:cp-elements-manifest';
import type { ManifestElement, ManifestEntry } from '../../tests/tools/elements-manifest.mjs';

/** The manifest's entry for a `cp-*` tag. */
export function manifestElement(tag: string): ManifestElement | undefined {
  return manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === tag);
}

/** The `cp-*` tag a story file's title names, e.g. 'Elements/<cp-assistant>' → 'cp-assistant'. */
export function tagOfTitle(title: string): string | undefined {
  return /<(cp-[a-z-]+)[\s>]/.exec(title)?.[1];
}

const code = (text: string) => <code>{text}</code>;

function Table({ caption, rows, columns }: { caption: string; rows: ManifestEntry[]; columns: Column[] }) {
  if (!rows.length) return null;
  return (
    <>
      <h3>{caption}</h3>
      <table>
        <thead>
          <tr>
            {columns.map(([label]) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name || '(default)'}>
              {columns.map(([label, cell]) => (
                <td key={label}>{cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

type Column = [
  label: string,
  cell: (row: ManifestEntry & { fieldName?: string; attribute?: string }) => React.ReactNode,
];

const NAME: Column = ['Name', (r) => code(r.name || '(default)')];
const DESCRIPTION: Column = ['Description', (r) => <Markdown>{r.description || '—'}</Markdown>];
const TYPE: Column = ['Type', (r) => (r.type ? code(r.type.text) : '—')];
const DEFAULT: Column = ['Default', (r) => (r.default ? code(r.default) : '—')];

/** A page's snippet: the one script tag and the element with the attributes whose default is a word. */
function usage(element: ManifestElement): string {
  const attributes = element.attributes
    .filter((a) => a.default && /^'[^']*'$/.test(a.default))
    .map((a) => ` ${a.name}="${a.default!.slice(1, -1)}"`)
    .join('');
  return [
    '<script type="module" src="https://portal.example/sdk/cloudportal-elements.js"></script>',
    '',
    `<${element.tagName}${attributes}></${element.tagName}>`,
  ].join('\n');
}

/**
 * The reference of a `cp-*` element on its Docs page, from the Custom Elements Manifest the build
 * publishes (packages/elements/dist/custom-elements.json): usage, attributes, properties, events,
 * slots, CSS parts and CSS custom properties.
 */
export function ElementReference({ tag }: { tag: string }) {
  const element = manifestElement(tag);
  if (!element) return <p>{`<${tag}> is not in the Custom Elements Manifest.`}</p>;
  const properties = element.members.filter((m) => !m.attribute);
  return (
    <section aria-label={`<${tag}> reference`}>
      <h2>{`<${tag}>`} on a page</h2>
      <Source language="html" code={usage(element)} dark />
      <Table
        caption="Attributes"
        rows={element.attributes}
        columns={[NAME, ['Property', (r) => code(r.fieldName ?? '')], TYPE, DEFAULT, DESCRIPTION]}
      />
      <Table caption="Properties" rows={properties} columns={[NAME, TYPE, DESCRIPTION]} />
      <Table caption="Events" rows={element.events} columns={[NAME, DESCRIPTION]} />
      <Table caption="Slots" rows={element.slots} columns={[NAME, DESCRIPTION]} />
      <Table caption="CSS parts (::part)" rows={element.cssParts} columns={[NAME, DESCRIPTION]} />
      <Table caption="CSS custom properties" rows={element.cssProperties} columns={[NAME, DESCRIPTION]} />
      <p>
        Every element also takes the theme's <code>--cp-*</code> tokens (Foundations) and the conventions of the
        elements package's README.
      </p>
    </section>
  );
}
