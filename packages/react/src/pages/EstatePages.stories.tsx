import type { Meta } from '@storybook/react';
import { PortalPage, story } from './testing/datasetPageStory';

/**
 * The Azure estate's dataset pages (Log Analytics workspaces, EA enrolment accounts, tags, the bill
 * of materials) as the menu opens them, over 60 sample rows that pass their fixed filters.
 */

const meta = {
  title: 'Pages/Estate pages',
  component: PortalPage,
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
