import type { Meta } from '@storybook/react';
import { DatasetPage } from '../kit/DatasetPage';
import { PortalPage, story } from './testing/datasetPageStory';

// Each story is a page as the menu opens it, over 60 sample rows that pass its fixed filters (the
// release notes page has stories of its own).

/**
 * The operations pages: data pipelines, rules, service health events, alert rules, metric alerts
 * and security alerts. Each is a dataset page (`DatasetPage`) the portal's menu opens by name.
 */
const meta = {
  title: 'Pages/Operations pages',
  component: PortalPage,
  subcomponents: { DatasetPage },
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
