import type { Meta } from '@storybook/react';
import { DatasetPage } from '../kit/DatasetPage';
import { PortalPage, story } from './testing/datasetPageStory';

// Each story is a page as the menu opens it (spec §2 "A loader opens feature pages by component
// name"), over 60 sample rows that pass its fixed filters.

/**
 * The Microsoft 365 directory pages: groups, devices, joiners, leavers and worker profiles. Each is
 * a dataset page (`DatasetPage`) the portal's menu opens by name.
 */
const meta = {
  title: 'Pages/Microsoft 365 pages',
  component: PortalPage,
  subcomponents: { DatasetPage },
} satisfies Meta<typeof PortalPage>;

export default meta;

/** `m365-groups` */
export const M365Groups = story('m365-groups');

/** `m365-devices` */
export const M365Devices = story('m365-devices');

/** `joiners` */
export const Joiners = story('joiners');

/** `leavers` */
export const Leavers = story('leavers');

/** `worker-profiles` */
export const WorkerProfiles = story('worker-profiles');

/** Managed devices in the dark theme. */
export const M365DevicesDark = story('m365-devices', 'dark');
