// A leaf module: the datasets' seeds (datasets/<domain>/) import this type, and index.ts imports them.

/** How much demo data to seed. */
export type SeedData = 'full' | 'anchors';
