/**
 * `DEMO_SCALE`: how many times larger the full demo seed makes Contoso, the main demo tenant (its
 * subscriptions, resources, users, devices, cost, usage, licence and alert rows). An integer from 1
 * to 100; unset or empty is 1, today's demo data exactly. See the server README, "DEMO_SCALE".
 */

/** The largest scale: 100× Contoso's 355 billed resources keeps a cost row's resource number below 100,000. */
export const MAX_DEMO_SCALE = 100;

const MESSAGE = `DEMO_SCALE must be an integer from 1 to ${MAX_DEMO_SCALE}`;

/** `scale` itself when it is an integer from 1 to {@link MAX_DEMO_SCALE}; otherwise throws. */
export function checkDemoScale(scale: number): number {
  if (!Number.isInteger(scale) || scale < 1 || scale > MAX_DEMO_SCALE)
    throw new Error(`${MESSAGE} (got ${String(scale)}).`);
  return scale;
}

/** The demo seed's scale from `DEMO_SCALE` in `env` (default 1); a bad value throws an error naming the variable. */
export function demoScale(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DEMO_SCALE?.trim();
  if (raw === undefined || raw === '') return 1;
  if (!/^\d+$/.test(raw)) throw new Error(`${MESSAGE} (got '${raw}').`);
  return checkDemoScale(Number(raw));
}
