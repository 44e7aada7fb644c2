/** The configuration for a front end on `port` and the instances `backends`. */
export declare function haproxyConfig(port: number, backends: { name: string; port: number }[]): string;
/** The health check's rhythm. */
export declare const HEALTH_CHECK: { interMs: number; fall: number; rise: number };
/** Whether HAProxy can run here: Debian's binary is installed, or can be (as root). */
export declare function haproxyAvailable(): boolean;
/** Starts HAProxy in front of `backends`; undefined (the reason printed) when it cannot. */
export declare function startHaproxy(
  port: number,
  backends: { name: string; port: number }[],
): Promise<{ base: string; config: string; stop(): Promise<void> } | undefined>;
