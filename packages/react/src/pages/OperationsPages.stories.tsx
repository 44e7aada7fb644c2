import type { Meta } from '@storybook/react';
import { PortalPage, story } from './testing/datasetPageStory';

/** The operations dataset pages as the menu opens them, over 60 sample rows each (the release notes page has stories of its own). */
const meta = {
  title: 'Pages/Operations pages',
  component: PortalPage,
} satisfies Meta<typeof PortalPage>;

export default meta;

/** `pipelines` */
export const Pipelines = story('pipelines');

/** `rules` */
export const Rules = story('rules');

/** `service-health` */
export const ServiceHealth = story('service-health');

/** `alert-definitions` */
export const AlertDefinitions = story('alert-definitions');

/** `metric-alerts` */
export const MetricAlerts = story('metric-alerts');

/** `security-alerts` */
export const SecurityAlerts = story('security-alerts');

/** `security-alerts` in the dark theme */
export const SecurityAlertsDark = story('security-alerts', 'dark');
