import type { Meta } from '@storybook/react';
import { PortalPage, story } from './testing/datasetPageStory';

/**
 * The Microsoft 365 adoption pages as the menu opens them (third-party apps, SharePoint tenant settings,
 * Teams calls, the Copilot and usage scores, the usage assessment), over 60 sample rows that pass each
 * page's fixed filters.
 */

const meta = {
  title: 'Pages/Adoption pages',
  component: PortalPage,
} satisfies Meta<typeof PortalPage>;

export default meta;

/** `third-party-apps` */
export const ThirdPartyApps = story('third-party-apps');

/** `sharepoint-tenant-settings` */
export const SharepointTenantSettings = story('sharepoint-tenant-settings');

/** `teams-calls` */
export const TeamsCalls = story('teams-calls');

/** `copilot-score` */
export const CopilotScore = story('copilot-score');

/** `usage-score` */
export const UsageScore = story('usage-score');

/** `usage-assessment` */
export const UsageAssessment = story('usage-assessment');

/** `copilot-score`, dark theme */
export const CopilotScoreDark = story('copilot-score', 'dark');
