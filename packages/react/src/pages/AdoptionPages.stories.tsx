import type { Meta } from '@storybook/react';
import { DatasetPage } from '../kit/DatasetPage';
import { PortalPage, story } from './testing/datasetPageStory';

// Each story is a page as the menu opens it, over 60 sample rows that pass the page's fixed filters.

/**
 * The Microsoft 365 adoption pages: third-party apps, SharePoint tenant settings, Teams calls, the
 * Copilot and usage scores, and the usage assessment. Each is a dataset page (`DatasetPage`) the
 * portal's menu opens by name.
 */
const meta = {
  title: 'Pages/Adoption pages',
  component: PortalPage,
  subcomponents: { DatasetPage },
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
