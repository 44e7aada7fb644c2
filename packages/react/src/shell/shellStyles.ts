import { shellCustomProperties } from '@cloudportal/core';
import css from './shell.css?inline';

const properties = Object.entries(shellCustomProperties())
  .map(([name, value]) => `${name}: ${value};`)
  .join(' ');

/**
 * The shell's style sheet, led by its spec §9 sizes and durations as `--cp-*` custom properties made
 * from core's constants (shellCustomProperties), so shell.css names none of them itself. They sit on
 * the document root or the element's shadow host: a partner's own value on an ancestor wins.
 */
export const shellCss = `:root, :host { ${properties} }\n${css}`;
