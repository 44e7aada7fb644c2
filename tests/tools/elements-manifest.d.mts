/** An attribute, event, slot, CSS part or CSS custom property of a manifest's element. */
export interface ManifestEntry {
  name: string;
  description: string;
  type?: { text: string };
  default?: string;
}

/** A `cp-*` element as the Custom Elements Manifest describes it. */
export interface ManifestElement {
  kind: 'class';
  customElement: true;
  name: string;
  tagName: string;
  description: string;
  attributes: (ManifestEntry & { fieldName: string })[];
  members: (ManifestEntry & { kind: 'field'; attribute?: string })[];
  events: ManifestEntry[];
  slots: ManifestEntry[];
  cssParts: ManifestEntry[];
  cssProperties: ManifestEntry[];
}

/** The Custom Elements Manifest (schema 2.1.0) of @cloudportal/elements. */
export interface ElementsManifest {
  schemaVersion: string;
  readme: string;
  modules: { kind: 'javascript-module'; path: string; declarations: ManifestElement[] }[];
}

/** The manifest of the elements in `srcDir` (packages/elements/src). */
export declare function generateManifest(srcDir: string): ElementsManifest;
/** The custom elements of a manifest. */
export declare function manifestElements(manifest: ElementsManifest): ManifestElement[];
/** The README's table of every element — attributes, events, parts — from the manifest. */
export declare function elementsTable(manifest: ElementsManifest): string;
/** A rollup plugin: emits `custom-elements.json` beside the build's output. */
export declare function customElementsManifest(srcDir: string): { name: string };
