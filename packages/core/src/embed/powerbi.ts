import type * as PowerBi from 'powerbi-client';

/**
 * The `powerbi-client` module.
 * @public
 */
export type PowerBiModule = typeof PowerBi;

let loading: Promise<PowerBiModule> | undefined;

/**
 * `powerbi-client`, loaded on first use: it touches `window` when imported, so importing the SDK
 * stays safe on a server and in tests, and a page without a report never loads it.
 */
export function loadPowerBi(): Promise<PowerBiModule> {
  loading ??= import('powerbi-client').then((m) => ((m as { default?: PowerBiModule }).default ?? m) as PowerBiModule);
  return loading;
}

/**
 * The page's one Power BI service: the instance `powerbi-client` puts on `window.powerbi`, so every
 * copy of the SDK on a page (the standalone bundle and a module build, say) shares its embeds.
 */
export async function powerBiService(): Promise<PowerBi.service.Service> {
  const pbi = await loadPowerBi();
  return (
    (globalThis as { powerbi?: PowerBi.service.Service }).powerbi ??
    new pbi.service.Service(pbi.factories.hpmFactory, pbi.factories.wpmpFactory, pbi.factories.routerFactory)
  );
}
