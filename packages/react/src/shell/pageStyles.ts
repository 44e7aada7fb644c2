import { shellCustomProperties } from '@cloudportal/core';
import pageCssText from './page.css?inline';

// spec §9 constants: "Sidenav widths", "Logo max widths", animations
/**
 * The shell's sizes and durations (side navigation and logo widths, animation times) as `--cp-*`
 * custom properties made from core's constants (shellCustomProperties), so the style sheets name none
 * of them themselves. They sit on the document
 * root or the element's shadow host: a partner's own value on an ancestor wins.
 */
export const shellPropertiesCss = `:root, :host { ${Object.entries(shellCustomProperties())
  .map(([name, value]) => `${name}: ${value};`)
  .join(' ')} }`;

/** The page's style sheet (heading, tabs, placeholders): a page shown without the shell (`<FeaturePage>`, `<cp-page>`) pays for no more. */
export const pageCss = `${shellPropertiesCss}\n${pageCssText}`;

export { pageCssText };
