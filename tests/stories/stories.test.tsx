// Every story of every piece, rendered through composeStories with the project's decorators;
// stories with a play function run it; each rendered story must be axe clean.
import { composeStories, type composeStory } from '@storybook/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../setup/axe';

type StoryModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoryModule>(['../../packages/react/src/**/*.stories.tsx', '../../packages/elements/src/**/*.stories.tsx'], { eager: true });

describe.each(Object.entries(modules))('%s', (_file, mod) => {
  const stories = Object.entries(composeStories(mod)) as [string, ReturnType<typeof composeStory>][];
  it('has stories', () => expect(stories.length).toBeGreaterThan(0));
  it.each(stories)('%s renders, plays and is axe clean', async (_name, Story) => {
    const canvasElement = document.createElement('div');
    document.body.append(canvasElement);
    // run() mounts the story with the preview's decorators, then runs its play function if it has one.
    // No act() around it: Storybook's React renderer wraps its own renders, and an outer act would
    // hold every render back until the play function had already failed to find its elements.
    await Story.run({ canvasElement });
    expect(canvasElement.childElementCount).toBeGreaterThan(0);
    await expectNoAxeViolations();
    // Leave the page while it still has a window: cp-* elements unmount their views once disconnected.
    canvasElement.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
