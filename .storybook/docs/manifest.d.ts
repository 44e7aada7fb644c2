declare module 'virtual:cp-elements-manifest' {
  /** The Custom Elements Manifest of @cloudportal/elements (.storybook/main.ts's elementsManifest plugin). */
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- an ambient module cannot import at the top
  const manifest: import('../../tests/tools/elements-manifest.mjs').ElementsManifest;
  export default manifest;
}
