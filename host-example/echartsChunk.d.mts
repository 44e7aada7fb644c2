/** ECharts' modules the kit's chart parts share: one `echarts` chunk in the host's and the standalone bundle's builds. */
export declare const ECHARTS_SHARED: RegExp;
