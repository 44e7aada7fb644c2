import type { StorybookConfig } from '@storybook/react-vite';
import react from '@vitejs/plugin-react';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultClientConditions } from 'vite';
import { FIXTURE_REPORTS } from '../packages/testing/src/fixtures';
import { viteAliases } from '../tests/aliases';
import { elementsManifest } from './elementsManifest';

// The Power BI embed emulator's frame (built by `npm run build:packages`) and its fixture reports as
// static files, so the report view's stories show a report through the real powerbi-client offline.
const emulatorFrame = join(import.meta.dirname, '../packages/testing/dist/emulator');
const fixtureReports = join(tmpdir(), 'cloudportal-storybook-powerbi-reports');
mkdirSync(fixtureReports, { recursive: true });
for (const report of FIXTURE_REPORTS) writeFileSync(join(fixtureReports, report.id), JSON.stringify(report));

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  // The Introduction and the foundations pages first, then every piece's stories and Docs page.
  stories: ['./pages/*.mdx', '../packages/react/src/**/*.stories.tsx', '../packages/elements/src/**/*.stories.tsx'],
  // Docs (autodocs pages and MDX) and the accessibility panel: axe over the story on show, with the
  // rules the tests hold every story to (preview.tsx's `a11y`). The viewport, backgrounds and
  // actions come with Storybook itself.
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y'],
  // The reference server's demo guidance videos, so the shell's stories play real video offline.
  staticDirs: [
    { from: '../packages/server/assets/videos', to: '/videos' },
    ...(existsSync(emulatorFrame) ? [{ from: emulatorFrame, to: '/powerbi-emulator' }] : []),
    { from: fixtureReports, to: '/powerbi-emulator/api/reports' },
  ],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen' },
  async viteFinal(viteConfig) {
    // Stories run against source, like the tests: the `source` condition points packages at src/.
    // Stories reach other packages' test fakes by the test-only aliases (tests/aliases.ts).
    const own = viteConfig.resolve?.alias ?? [];
    const alias = [
      ...(Array.isArray(own) ? own : Object.entries(own).map(([find, replacement]) => ({ find, replacement }))),
      ...viteAliases(`${join(import.meta.dirname, '..')}/`),
    ];
    viteConfig.resolve = { ...viteConfig.resolve, conditions: ['source', ...defaultClientConditions], alias };
    viteConfig.plugins = [...(viteConfig.plugins ?? []), react(), elementsManifest()];
    return viteConfig;
  },
};

export default config;
