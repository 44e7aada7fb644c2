/** Types for earlyScript.mjs (a build script, so it stays plain JavaScript). */
import type { Plugin } from 'vite';

/** The Vite plugin that builds `src/early.ts` as an entry of its own and puts its script first in index.html. */
export function earlyScriptPlugin(): Plugin;
