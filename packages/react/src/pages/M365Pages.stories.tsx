import type { Meta } from '@storybook/react';
import { PortalPage, story } from './testing/datasetPageStory';

/**
 * The Microsoft 365 directory pages (groups, devices, joiners, leavers, worker profiles) as the menu
 * opens them, over 60 sample rows each (spec §2 "A loader opens feature pages by component name").
 */

const meta = {
  title: 'Pages/Microsoft 365 pages',
  component: PortalPage,
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
