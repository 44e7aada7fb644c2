/** One timed request of a page: when it started and when its answer ended (ms). */
export interface TimedCall {
  call: string;
  start: number;
  end: number;
}
export declare const isAwaitedApiPath: (path: string) => boolean;
export declare function longestChain(requests: readonly TimedCall[]): string[];
