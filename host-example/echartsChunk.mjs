/**
 * ECharts' modules that the page kit's chart parts share (packages/react/src/kit/echartsParts.ts):
 * its core, zrender, tslib, and the axes, grid and helpers of several chart types. The host's build
 * (Vite) and the standalone bundle's (Rollup) put them in one `echarts` chunk, loaded with the first
 * chart, instead of the dozens of chunks of a kilobyte or two their bundlers would cut. What one part
 * alone needs — a chart type's folder, the legend, the target line, the tooltip — stays in that
 * part's chunk, so a page loads only the parts its charts draw with.
 */
// The barrels `echarts/charts` and `echarts/components` are left out too: Rollup moves what a manual
// chunk's modules import into it, and they import every chart and component.
export const ECHARTS_SHARED =
  /[\\/]node_modules[\\/](?:zrender[\\/]|tslib[\\/]|echarts[\\/](?!(?:lib[\\/]export[\\/])?(?:charts|components)\.js|lib[\\/]chart[\\/](?:line|bar|pie|scatter)\b|lib[\\/]component[\\/](?:legend|marker|markLine|tooltip)\b))/;
