// spec §2 names the pages only.
/**
 * The feature datasets of Microsoft 365 (groups, devices, joiners and leavers, worker profiles)
 * and their pages: their columns, key figures, actions and layout
 * (label, fixed filters, charts) are decided here. Joined into `DATASETS` and `DATASET_PAGES` by
 * `../featureData`.
 */

import type { DatasetDef, DatasetPageDefinition } from '../featureDataTypes';

/** The kinds of group a Microsoft 365 directory holds. */
export const M365_GROUP_TYPES = ['Microsoft 365', 'Security', 'Distribution', 'Team'] as const;
/** The operating systems Intune manages. */
export const M365_DEVICE_OS = ['Windows', 'macOS', 'iOS', 'Android'] as const;
/** An Intune device's compliance state. */
export const M365_DEVICE_COMPLIANCE = ['Compliant', 'Non-compliant', 'In grace period'] as const;
/** What became of a leaver's mailbox. */
export const M365_MAILBOX_ACTIONS = ['Converted to shared mailbox', 'Deleted', 'Retained'] as const;

/**
 * The joiners and leavers pages look back this many days from the directory snapshot (their "last 90 days").
 * @public
 */
export const PEOPLE_WINDOW_DAYS = 90;
/**
 * The joiners page's shorter count ("joiners last 30 days").
 * @public
 */
export const RECENT_JOINER_DAYS = 30;

/**
 * The Microsoft 365 domain's datasets (groups, devices, joiners and leavers, worker profiles), joined into `DATASETS`.
 * @public
 */
export const M365_DATASETS = {
  /**
   * The directory's groups, one row each. `owners` and `members` count the group's membership rows
   * (owners and members are directory users; an owner is not also counted as a member); `guests`
   * counts external accounts. `ownerless` is owners = 0. `lastActivity` is null for groups without
   * a mailbox or site.
   */
  m365Groups: {
    module: 'm365',
    columns: [
      { id: 'name', label: 'Group', type: 'text' },
      { id: 'type', label: 'Type', type: 'enum', options: M365_GROUP_TYPES },
      { id: 'owners', label: 'Owners', type: 'number' },
      { id: 'members', label: 'Members', type: 'number' },
      { id: 'guests', label: 'Guests', type: 'number' },
      { id: 'createdOn', label: 'Created', type: 'date' },
      { id: 'lastActivity', label: 'Last activity', type: 'date' },
      { id: 'ownerless', label: 'Ownerless', type: 'boolean' },
    ],
    defaultSort: [{ id: 'name', desc: false }],
    kpis: [
      { id: 'groups', label: 'Groups', type: 'number' },
      { id: 'ownerless', label: 'Ownerless groups', type: 'number' },
      { id: 'withGuests', label: 'Groups with guests', type: 'number' },
    ],
  },
  /** Intune-managed devices, one row each, with the directory user who is the device's primary user. */
  m365Devices: {
    module: 'm365',
    columns: [
      { id: 'name', label: 'Device', type: 'text' },
      { id: 'os', label: 'OS', type: 'enum', options: M365_DEVICE_OS },
      { id: 'osVersion', label: 'OS version', type: 'text' },
      { id: 'owner', label: 'Primary user', type: 'text' },
      { id: 'ownerUpn', label: 'User principal name', type: 'text', visible: false },
      { id: 'compliance', label: 'Compliance', type: 'enum', options: M365_DEVICE_COMPLIANCE },
      { id: 'managedBy', label: 'Managed by', type: 'enum', options: ['Intune', 'Co-managed'] },
      { id: 'encrypted', label: 'Encrypted', type: 'boolean' },
      { id: 'lastCheckIn', label: 'Last check-in', type: 'date' },
    ],
    defaultSort: [{ id: 'lastCheckIn', desc: true }],
    kpis: [
      { id: 'devices', label: 'Devices', type: 'number' },
      { id: 'nonCompliant', label: 'Non-compliant', type: 'number' },
      { id: 'unencrypted', label: 'Unencrypted', type: 'number' },
    ],
  },
  /**
   * The people who joined in the 90 days up to the directory snapshot: the users whose account was
   * created on or after the snapshot day less 90 days. `licences` is written as the users page
   * writes it; `daysSinceStart` is the snapshot day less the start day.
   */
  joiners: {
    module: 'm365',
    columns: [
      { id: 'displayName', label: 'Name', type: 'text' },
      { id: 'upn', label: 'User principal name', type: 'text', visible: false },
      { id: 'department', label: 'Department', type: 'text' },
      { id: 'jobTitle', label: 'Job title', type: 'text' },
      { id: 'startDate', label: 'Start date', type: 'date' },
      { id: 'daysSinceStart', label: 'Days since start', type: 'number', visible: false },
      { id: 'licences', label: 'Licences', type: 'text' },
      { id: 'firstSignIn', label: 'First sign-in', type: 'date' },
      { id: 'lastSignIn', label: 'Last sign-in', type: 'date' },
      { id: 'mfaRegistered', label: 'MFA registered', type: 'boolean' },
    ],
    defaultSort: [{ id: 'startDate', desc: true }],
    kpis: [
      { id: 'joiners30', label: 'Joiners last 30 days', type: 'number' },
      { id: 'joiners90', label: 'Joiners last 90 days', type: 'number' },
      { id: 'withoutMfa', label: 'Without MFA', type: 'number' },
    ],
  },
  /**
   * The people who left: every disabled account, with the day it was offboarded and what became of
   * its mailbox. `licences` and `licenceCost` are the users page's (the licences still assigned and
   * their unit prices summed), so the cost is what could be reclaimed a month.
   */
  leavers: {
    module: 'm365',
    columns: [
      { id: 'displayName', label: 'Name', type: 'text' },
      { id: 'upn', label: 'User principal name', type: 'text', visible: false },
      { id: 'department', label: 'Department', type: 'text' },
      { id: 'leftOn', label: 'Left on', type: 'date' },
      { id: 'daysSinceLeft', label: 'Days since leaving', type: 'number', visible: false },
      { id: 'licences', label: 'Licences still assigned', type: 'text' },
      { id: 'licenceCost', label: 'Reclaimable a month', type: 'currency' },
      { id: 'mailbox', label: 'Mailbox', type: 'enum', options: M365_MAILBOX_ACTIONS },
    ],
    defaultSort: [{ id: 'leftOn', desc: true }],
    kpis: [
      { id: 'leavers90', label: 'Leavers last 90 days', type: 'number' },
      { id: 'stillLicensed', label: 'Leavers still licensed', type: 'number' },
      { id: 'reclaimable', label: 'Reclaimable a month', type: 'currency' },
    ],
  },
  /**
   * Licence profiles by worker type: `users` counts the enabled users mapped to the profile (from
   * their job title and department), `total` is users × cost per user.
   */
  workerProfiles: {
    module: 'm365',
    columns: [
      { id: 'profile', label: 'Profile', type: 'text' },
      { id: 'users', label: 'Users', type: 'number' },
      { id: 'bundle', label: 'Licence bundle', type: 'text' },
      { id: 'costPerUser', label: 'Cost per user a month', type: 'currency' },
      { id: 'total', label: 'Total a month', type: 'currency' },
    ],
    defaultSort: [{ id: 'total', desc: true }],
    kpis: [
      { id: 'profiles', label: 'Profiles', type: 'number' },
      { id: 'users', label: 'Users covered', type: 'number' },
      { id: 'total', label: 'Cost a month', type: 'currency' },
    ],
  },
} as const satisfies Record<string, DatasetDef>;

/** The Microsoft 365 feature pages, one dataset each (`M365_DATASETS` above). The key is the component name the menu opens. */
export const M365_PAGES = {
  'm365-groups': {
    dataset: 'm365Groups',
    label: 'Microsoft 365 groups',
    charts: [{ title: 'Groups by type', kind: 'donut', x: 'type' }],
  },
  'm365-devices': {
    dataset: 'm365Devices',
    label: 'Managed devices',
    charts: [
      { title: 'Devices by OS', kind: 'donut', x: 'os' },
      { title: 'Devices by compliance', kind: 'bar', x: 'compliance' },
    ],
  },
  joiners: {
    dataset: 'joiners',
    label: 'Joiners',
    charts: [{ title: 'Joiners by department', kind: 'bar', x: 'department' }],
  },
  leavers: {
    dataset: 'leavers',
    label: 'Leavers',
    charts: [{ title: 'Reclaimable a month by department', kind: 'bar', x: 'department', y: 'licenceCost' }],
  },
  'worker-profiles': {
    dataset: 'workerProfiles',
    label: 'Worker profiles',
    charts: [{ title: 'Users by profile', kind: 'donut', x: 'profile', y: 'users' }],
  },
} as const satisfies Record<string, DatasetPageDefinition<keyof typeof M365_DATASETS>>;
