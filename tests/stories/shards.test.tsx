// The shards cover every story file: a shard file per shard, and no story file left out.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STORY_SHARDS } from './stories';

describe('the stories layer', () => {
  it('has a shard file for each shard', () => {
    // Vitest runs from the repository's root.
    const files = readdirSync('tests/stories').filter((f) => /^stories-\d+\.test\.tsx$/.test(f));
    expect(files.sort()).toEqual(Array.from({ length: STORY_SHARDS }, (_, i) => `stories-${i + 1}.test.tsx`));
  });
});
