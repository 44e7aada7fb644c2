// A leaf module: the page seeds (costPages.ts, …) import this type, and featureData.ts imports them.

/** How much demo data to seed. */
export type SeedData = 'full' | 'anchors';
