import type { Page } from '@playwright/test';

/** What a page reported while watched: uncaught errors and console errors, Content-Security-Policy violations among them. */
export interface PageWatch {
  /** Uncaught errors and console errors. */
  errors: string[];
  /** The Content-Security-Policy violations among them. */
  csp: string[];
  /** Stops watching (a page shared by several tests is watched per test). */
  stop(): void;
}

/** Watches `page` for uncaught errors and console errors until `stop()`. */
export function watchPage(page: Page): PageWatch {
  const errors: string[] = [];
  const csp: string[] = [];
  const onPageError = (e: Error) => errors.push(e.message);
  const onConsole = (m: { type(): string; text(): string }) => {
    if (m.type() !== 'error') return;
    errors.push(m.text());
    if (m.text().includes('Content Security Policy')) csp.push(m.text());
  };
  page.on('pageerror', onPageError);
  page.on('console', onConsole);
  return {
    errors,
    csp,
    stop() {
      page.off('pageerror', onPageError);
      page.off('console', onConsole);
    },
  };
}

/** The uncaught errors and console errors `page` reports from now on (for a test's own page). */
export const watchErrors = (page: Page): string[] => watchPage(page).errors;
