import type { Meta } from '@storybook/react';
import { DatasetPage } from '../kit/DatasetPage';
import { PortalPage, story } from './testing/datasetPageStory';

// Each story is a page as the menu opens it, over 60 sample rows that pass the page's fixed filters.
// The kit's own stories show the states every page shares.

/**
 * The cost management pages: the Azure consumption commitment, cost anomalies, invoices (the
 * financial summary), shared cost allocations and project costs. Each is a dataset page
 * (`DatasetPage`) the portal's menu opens by name.
 */
const meta = {
  title: 'Pages/Cost pages',
  component: PortalPage,
  subcomponents: { DatasetPage },
} satisfies Meta<typeof PortalPage>;

export default meta;

/** `macc` */
export const Macc = story('macc');

/** `anomalies` */
export const Anomalies = story('anomalies');

/** `anomalies`, dark theme */
export const AnomaliesDark = story('anomalies', 'dark');

/** `financial-summary` */
export const FinancialSummary = story('financial-summary');

/** `shared-costs` */
export const SharedCosts = story('shared-costs');

/** `project-costs` */
export const ProjectCosts = story('project-costs');
