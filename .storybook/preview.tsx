import { createPortalClient, type PortalClient, type PortalClientConfig } from '@cloudportal/core';
import { PortalProvider } from '@cloudportal/react/provider';
import type { Decorator, Preview } from '@storybook/react';
import { useEffect, useState } from 'react';
import { configure } from 'storybook/test';
// The theme's font, as a page opts in to it: every story is drawn in Inter, so the stories'
// screenshots (the visual test) are the same pixels on every machine.
import '@cloudportal/react/font.css';
import { FOREIGN_FRAMES, STORY_PAGE_RULES } from '../tests/e2e/support/storyRules';
import { DocsPage } from './docs/DocsPage';

// A play function's waitFor and findBy* wait up to 5 s, as in the jsdom layers (tests/setup/dom.ts):
// Storybook in Chromium on a busy 2-core machine may take past Testing Library's 1 s to move focus or
// draw a fake's answer, and a passing story never waits that long.
configure({ asyncUtilTimeout: 5_000 });

/** Story parameters the SDK's decorator reads. */
export interface PortalParameters {
  /** Called once with the story's fresh portal client, e.g. to open a dialog or raise toasts. */
  setup?: (client: PortalClient) => void;
  /**
   * The story's client configuration, e.g. `{ fetch: fakeApi(…) }` to put the API at the network edge;
   * or a function that makes it, called for each client — a fake server that remembers (the chatbot's
   * chats) then starts afresh with every story shown, however often and in whatever order.
   */
  config?: PortalClientConfig | (() => PortalClientConfig);
}

/**
 * What the pseudo-locale sweep (tests/e2e/support/pseudo-check.js) leaves out of a story: `fixed`, a
 * CSS selector of the elements whose own text and attributes the story gives in English — a caller's
 * texts passed to a kit component, or a server's answer fetched before the switch of language (it
 * keeps the language it came in).
 */
export interface PseudoLocaleParameters {
  fixed?: string;
}

function WithPortal({
  Story,
  dark,
  locale,
  setup,
  config,
  fixed,
}: {
  Story: () => React.ReactNode;
  /** See {@link PseudoLocaleParameters}. */
  fixed?: string;
  dark: boolean;
  /** The toolbar's language; undefined leaves it to the browser's languages, as on a partner's page. */
  locale?: string;
  setup?: (c: PortalClient) => void;
  config?: PortalParameters['config'];
}) {
  // Every story gets its own client, so stories never leak dialogs or toasts into each other.
  // Stories never navigate away from Storybook: the session's moves are ignored.
  const [client] = useState(() =>
    createPortalClient({ navigate: () => {}, storage: {}, ...(typeof config === 'function' ? config() : config) }),
  );
  useEffect(() => client.setDarkMode(dark), [client, dark]);
  useEffect(() => {
    setup?.(client);
    return () => client.dispose();
  }, [client, setup]);
  return (
    <PortalProvider client={client} locale={locale}>
      <div
        data-pseudo-fixed={fixed}
        style={{ minHeight: 320, padding: 16, background: 'var(--cp-color-bg)', color: 'var(--cp-color-text)' }}
      >
        <Story />
      </div>
    </PortalProvider>
  );
}

const withPortal: Decorator = (Story, context) => (
  <WithPortal
    Story={Story}
    dark={context.globals.theme === 'dark' || context.parameters.theme === 'dark'}
    locale={(context.globals.locale as string | undefined) || undefined}
    setup={(context.parameters.portal as PortalParameters | undefined)?.setup}
    config={(context.parameters.portal as PortalParameters | undefined)?.config}
    fixed={(context.parameters.pseudoLocale as PseudoLocaleParameters | undefined)?.fixed}
  />
);

/**
 * The viewport toolbar's presets: a phone and a desktop at the narrowest and widest widths the
 * portal's layout sweep measures (tests/e2e/layout.spec.ts), a tablet between, and Storybook's own
 * reset (the whole canvas).
 */
const VIEWPORTS = {
  phone: { name: 'Phone (390 × 844)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  tablet: { name: 'Tablet (820 × 1180)', styles: { width: '820px', height: '1180px' }, type: 'tablet' },
  desktop: { name: 'Desktop (1280 × 800)', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
} as const;

/**
 * Before a story renders, the theme's font (font.css): text laid out before it arrived would
 * keep the fallback's positions in places (a select's text), and a screenshot would differ by a run.
 */
const fontLoaded = async () => {
  if (typeof document === 'undefined' || !document.fonts) return {};
  await Promise.all(['400', '600', '700'].map((w) => document.fonts.load(`${w} 14px "Inter Variable"`, 'Aa')));
  return {};
};

const preview: Preview = {
  decorators: [withPortal],
  loaders: [fontLoaded],
  // A Docs page for every piece (docs/DocsPage.tsx): description, props, for an element its manifest.
  tags: ['autodocs'],
  globalTypes: {
    theme: {
      description: 'Light or dark theme (darkModeOn)',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
    // Issue 24 §2: every story in English, German or the pseudo-locale (accented and 40 % longer, for
    // finding text that did not go through the catalogue and text that overflows its box).
    locale: {
      description: 'Language (the provider’s locale)',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: '', title: 'Browser’s language' },
          { value: 'en', title: 'English' },
          { value: 'de', title: 'Deutsch' },
          { value: 'en-XA', title: 'Pseudo-locale (en-XA)' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', locale: '' },
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
    docs: {
      page: DocsPage,
      toc: true,
      // A component's JSDoc ends with its release tag (`@public`, for the API reports): not shown.
      extractComponentDescription: (component: { __docgenInfo?: { description?: string } } | null) =>
        (component?.__docgenInfo?.description ?? '').replace(/\n?@(public|beta|internal)\s*$/, '').trim(),
    },
    viewport: { options: VIEWPORTS },
    // The accessibility panel runs axe with the rules the stories' sweep in Chromium holds every story
    // to (tests/e2e/stories-axe.spec.ts): all of them but the page-level ones; the Power BI stand-in
    // frame's document left out. 'error' shows a violation as a failure in the story's status.
    a11y: {
      // As run options, which reach into frames too (a `config` would hold in the top document only).
      options: { rules: Object.fromEntries(STORY_PAGE_RULES.map((id) => [id, { enabled: false }])) },
      context: { exclude: [`iframe[src*="${FOREIGN_FRAMES}"]`] },
      test: 'error',
    },
  },
};

export default preview;
