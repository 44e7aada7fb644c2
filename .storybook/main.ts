import type { StorybookConfig } from '@storybook/react-vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../packages/react/src/**/*.stories.tsx', '../packages/elements/src/**/*.stories.tsx'],
  // The reference server's demo guidance videos, so the shell's stories play real video offline.
  staticDirs: [{ from: '../packages/server/assets/videos', to: '/videos' }],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen' },
  async viteFinal(viteConfig) {
    // Stories run against source, like the tests: the `source` condition points packages at src/.
    viteConfig.resolve = { ...viteConfig.resolve, conditions: ['source', ...defaultClientConditions] };
    viteConfig.plugins = [...(viteConfig.plugins ?? []), react()];
    return viteConfig;
  },
};

export default config;
