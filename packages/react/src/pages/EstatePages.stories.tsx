import type { Meta } from '@storybook/react';
import { DatasetPage } from '../kit/DatasetPage';
import { PortalPage, story } from './testing/datasetPageStory';

// Each story is a page as the menu opens it, over 60 sample rows that pass its fixed filters.

/**
 * The Azure estate's pages: Log Analytics workspaces, EA enrolment accounts, tags and the bill of
 * materials. Each is a dataset page (`DatasetPage`) the portal's menu opens by name.
 */
const meta = {
  title: 'Pages/Estate pages',
  component: PortalPage,
  subcomponents: { DatasetPage },
} satisfies Meta<typeof PortalPage>;

export default meta;

/** `azure-enrollments` */
export const AzureEnrollments = story('azure-enrollments');

/** `tags` */
export const Tags = story('tags');

/** `log-analytics` */
export const LogAnalytics = story('log-analytics');

/** `bom-summary` */
export const BomSummary = story('bom-summary');

/** The bill of materials in the dark theme. */
export const BomSummaryDark = story('bom-summary', 'dark');
