/** Types for lighthouse.mjs (a node script, so it stays plain JavaScript). */

/** A page of issue 42 §5 that Lighthouse measures. */
export interface LighthousePage {
  name: string;
  path: string;
  /** Measured with ada signed in (her refresh cookie in the browser). */
  signedIn: boolean;
}

export const LIGHTHOUSE_PAGES: readonly LighthousePage[];

/** The pages signed-out first: the order one browser measures them in. */
export const LIGHTHOUSE_RUN_ORDER: readonly LighthousePage[];

export const LIGHTHOUSE_GOALS: { performance: number; bestPractices: number; accessibility: number; cls: number };

/** What one Lighthouse run found. */
export interface LighthouseRun {
  finalUrl: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  benchmarkIndex: number;
  failedAccessibility: string[];
  failedBestPractices: string[];
}

export function launchLighthouseChromium(executablePath: string): Promise<{ port: number; close(): Promise<void> }>;

export function signInBrowser(port: number, base: string, email: string): Promise<() => Promise<void>>;

export function lighthouseRun(port: number, url: string, options?: { performance?: boolean }): Promise<LighthouseRun>;
