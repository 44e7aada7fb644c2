import { pageCssText, shellPropertiesCss } from './pageStyles';
import css from './shell.css?inline';

// spec §9 constants: "Sidenav widths", "Logo max widths", animations
/**
 * The shell's style sheet, the page's with it (a page inside the shell, the video library), led by
 * the `--cp-*` size and duration properties.
 */
export const shellCss = `${shellPropertiesCss}\n${css}\n${pageCssText}`;
