import css from './tokens.css?inline';

/**
 * The theme tokens' CSS (the `--cp-*` custom properties, light and dark), to adopt where the SDK's
 * components render outside its own roots. A module of its own so the published types declare a
 * string, not an import of a CSS file.
 */
export const tokensCss: string = css;
