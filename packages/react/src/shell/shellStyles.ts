import { pageCssText, shellPropertiesCss } from './pageStyles';
import css from './shell.css?inline';

/** The shell's style sheet, the page's with it (a page inside the shell, the video library), led by the §9 properties. */
export const shellCss = `${shellPropertiesCss}\n${css}\n${pageCssText}`;
