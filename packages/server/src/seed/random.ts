/**
 * The demo data's deterministic randomness: a seeded PRNG (mulberry32) per tenant and table, so the
 * same seed always makes the same rows, on any machine and database.
 */

/** A 32-bit seed from a text (FNV-1a). */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seeded random source with the few draws the generators need. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** One element of `items`. */
  pick<T>(items: readonly T[]): T;
  /** Whether an event of probability `p` happens. */
  chance(p: number): boolean;
  /** `items` in a random order (a new array). */
  shuffle<T>(items: readonly T[]): T[];
  /** `length` lower-case hex digits. */
  hex(length: number): string;
}

/** mulberry32 over `seed` (a number, or a text hashed with {@link seedOf}). */
export function random(seed: number | string): Random {
  let a = typeof seed === 'string' ? seedOf(seed) : seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
    shuffle<T>(items: readonly T[]) {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
    hex: (length: number) => Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join(''),
  };
}
