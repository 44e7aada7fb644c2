// Every story of every piece, rendered through composeStories with the project's decorators;
// stories with a play function run it. axe judges every story in real Chromium, in light and dark
// with colour contrast (tests/e2e/stories-axe.spec.ts); an axe pass here in jsdom, which computes
// no colours, found nothing that one misses and cost this layer more than half its time. The story
// files are dealt into shards (stories-1.test.tsx …), so the test workers share them instead of one
// file holding the whole layer.
import { composeStories, type composeStory } from '@storybook/react';
import { describe, expect, it } from 'vitest';

type StoryModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoryModule>([
  '../../packages/react/src/**/*.stories.tsx',
  '../../packages/elements/src/**/*.stories.tsx',
]);

/** How many shard files there are (stories-1.test.tsx to stories-4.test.tsx). */
export const STORY_SHARDS = 4;

/** Loads the story files of shard `shard` (1-based), dealt in path order like cards, and describes a test per story. */
export async function describeStories(shard: number): Promise<void> {
  const mine = Object.entries(modules)
    .sort(([a], [b]) => a.localeCompare(b))
    .filter((_, i) => i % STORY_SHARDS === shard - 1);
  const loaded = await Promise.all(mine.map(async ([file, load]) => [file, await load()] as const));
  describe.each(loaded)('%s', (_file, mod) => {
    const stories = Object.entries(composeStories(mod)) as [string, ReturnType<typeof composeStory>][];
    it('has stories', () => expect(stories.length).toBeGreaterThan(0));
    it.each(stories)('%s renders and plays', async (_name, Story) => {
      const canvasElement = document.createElement('div');
      document.body.append(canvasElement);
      // run() mounts the story with the preview's decorators, then runs its play function if it has one.
      // No act() around it: Storybook's React renderer wraps its own renders, and an outer act would
      // hold every render back until the play function had already failed to find its elements.
      await Story.run({ canvasElement });
      expect(canvasElement.childElementCount).toBeGreaterThan(0);
      // Leave the page while it still has a window: cp-* elements unmount their views once disconnected.
      canvasElement.remove();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  });
}
