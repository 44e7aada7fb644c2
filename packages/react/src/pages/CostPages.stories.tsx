import type { Meta } from '@storybook/react';
import { PortalPage, story } from './testing/datasetPageStory';

/**
 * The cost management dataset pages as the menu opens them, over 60 sample rows each that pass the
 * page's fixed filters. The kit's own stories show the states every page shares.
 */

const meta = {
  title: 'Pages/Cost pages',
  component: PortalPage,
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
