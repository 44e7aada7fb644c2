/** Types for storybook-server.mjs (a node script, so it stays plain JavaScript). */
export interface StaticServer {
  /** e.g. http://127.0.0.1:41234, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** Serves `dir` on 127.0.0.1:`port` (0, the default: any free port). */
export function serveStatic(dir: string, port?: number): Promise<StaticServer>;
