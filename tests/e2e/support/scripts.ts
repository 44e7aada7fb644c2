import type { Page } from '@playwright/test';

/**
 * Records the SDK scripts a page requests, by module name: `/sdk/cloudportal-elements.js` is
 * 'cloudportal-elements', `/sdk/chunks/report-view-AbC123_x.js` is 'report-view'. Only requests made
 * by documents whose path starts with `fromPath` count (the page a test checks, not one it leaves).
 */
export function recordSdkScripts(page: Page, fromPath = '/'): string[] {
  const names: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (
      r.resourceType() !== 'script' ||
      !url.pathname.startsWith('/sdk/') ||
      !new URL(r.frame().url()).pathname.startsWith(fromPath)
    )
      return;
    const [, chunk, file] = /^\/sdk\/(?:chunks\/([\w.-]+?)-[\w-]{8}|([\w.-]+))\.js$/.exec(url.pathname) ?? [];
    names.push(chunk ?? file ?? url.pathname);
  });
  return names;
}

/** Views and libraries that load only when their element is on the page or their moment comes. */
export const LATER_SCRIPTS = [
  'answerPipeline',
  'marked.esm',
  'purify.es',
  'answer',
  'ChatHistoryList',
  'RenameChatDialog',
  'shell-view',
  'report-view',
  'saved-views-view',
  'powerbi',
] as const;
