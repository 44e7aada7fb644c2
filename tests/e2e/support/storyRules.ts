// The accessibility rules every story is held to, in one place: the stories' axe sweep in Chromium
// (stories-axe.spec.ts) and Storybook's accessibility panel (.storybook/preview.tsx) read them.

/**
 * Page-level rules that a story, being a component rather than a page, cannot meet. Nothing else is
 * switched off: colour contrast very much included.
 */
export const STORY_PAGE_RULES = ['region', 'landmark-one-main', 'page-has-heading-one'];

/**
 * Frames whose documents are not ours to judge: the Power BI embed emulator (packages/testing)
 * stands in for Microsoft's cross-origin Power BI report frame, whose content no change of ours can
 * make accessible. Only the frame's document is left out; the <iframe> element itself (its title)
 * is still checked.
 */
export const FOREIGN_FRAMES = '/powerbi-emulator/';
