// spec §2 names the pages only.
/**
 * The feature datasets of operations (pipelines, rules, service health, alert definitions, security and metric alerts, release notes)
 * and their pages: their columns, key figures, actions and layout
 * (label, fixed filters, charts) are decided here. Joined into `DATASETS` and `DATASET_PAGES` by
 * `../featureData`.
 */

import type { DatasetDef, DatasetPageDefinition } from '../featureDataTypes';
import { ALERT_SEVERITIES } from './base';

/** Where a data pipeline reads from. */
export const PIPELINE_SOURCES = [
  'Azure Resource Manager',
  'Cost Management',
  'Microsoft Graph',
  'Partner Center',
  'EA portal',
] as const;
/** A pipeline run's outcome. */
export const PIPELINE_RUN_STATUSES = ['Succeeded', 'Failed', 'Running', 'Queued'] as const;

/**
 * The operations datasets.
 * @public
 */
export const OPERATIONS_DATASETS = {
  /**
   * The data pipelines that feed the portal, one row each with its latest run: the run history keeps
   * 30 days of runs per pipeline; last run, status, duration and rows read are the newest run's, and
   * the next run is the newest run's start plus the pipeline's interval.
   */
  pipelines: {
    module: null,
    columns: [
      { id: 'pipeline', label: 'Pipeline', type: 'text' },
      { id: 'source', label: 'Source', type: 'enum', options: PIPELINE_SOURCES },
      { id: 'schedule', label: 'Schedule', type: 'text' },
      { id: 'lastRun', label: 'Last run', type: 'datetime' },
      { id: 'status', label: 'Status', type: 'enum', options: PIPELINE_RUN_STATUSES },
      { id: 'durationSeconds', label: 'Duration (seconds)', type: 'number' },
      { id: 'rowsRead', label: 'Rows read', type: 'number' },
      { id: 'nextRun', label: 'Next run', type: 'datetime' },
    ],
    defaultSort: [{ id: 'pipeline', desc: false }],
    kpis: [
      { id: 'pipelines', label: 'Pipelines', type: 'number' },
      { id: 'failedLastRun', label: 'Failed last run', type: 'number' },
      { id: 'rowsRead', label: 'Rows read (last runs)', type: 'number' },
    ],
  },

  /** The cost allocation and alerting rules the tenant set up; last triggered is null for a rule that never fired. */
  rules: {
    module: null,
    columns: [
      { id: 'rule', label: 'Rule', type: 'text' },
      {
        id: 'kind',
        label: 'Kind',
        type: 'enum',
        options: ['Cost allocation', 'Budget alert', 'Anomaly alert', 'Tag policy'],
      },
      { id: 'scope', label: 'Scope', type: 'text' },
      { id: 'condition', label: 'Condition', type: 'text' },
      { id: 'action', label: 'Action', type: 'text' },
      { id: 'enabled', label: 'Enabled', type: 'boolean' },
      { id: 'lastTriggered', label: 'Last triggered', type: 'datetime' },
      { id: 'createdBy', label: 'Created by', type: 'text', visible: false },
    ],
    defaultSort: [{ id: 'rule', desc: false }],
    kpis: [
      { id: 'rules', label: 'Rules', type: 'number' },
      { id: 'enabled', label: 'Enabled', type: 'number' },
      { id: 'triggeredLast7Days', label: 'Triggered in the last 7 days', type: 'number' },
    ],
  },

  /**
   * Microsoft service-health events of the last 90 days that affect the tenant: Azure services for a
   * tenant with an Azure licence, Exchange Online, Teams and SharePoint Online for Microsoft 365.
   */
  serviceHealth: {
    module: null,
    columns: [
      { id: 'service', label: 'Service', type: 'text' },
      { id: 'title', label: 'Title', type: 'text' },
      {
        id: 'classification',
        label: 'Classification',
        type: 'enum',
        options: ['Incident', 'Advisory', 'Planned maintenance'],
      },
      { id: 'status', label: 'Status', type: 'enum', options: ['Active', 'Resolved'] },
      { id: 'impact', label: 'Impact', type: 'text' },
      { id: 'region', label: 'Region', type: 'text' },
      { id: 'started', label: 'Started', type: 'datetime' },
      { id: 'updated', label: 'Updated', type: 'datetime' },
      { id: 'resolved', label: 'Resolved', type: 'datetime', visible: false },
    ],
    defaultSort: [{ id: 'started', desc: true }],
    kpis: [
      { id: 'activeIncidents', label: 'Active incidents', type: 'number' },
      { id: 'advisories', label: 'Advisories', type: 'number' },
      { id: 'eventsLast30Days', label: 'Events in the last 30 days', type: 'number' },
    ],
  },

  /**
   * The alert rules configured for the tenant's modules. Fired in the last 30 days counts the
   * tenant's `alerts` rows of the same name that fired in the last 30 days.
   */
  alertDefinitions: {
    module: null,
    columns: [
      { id: 'name', label: 'Alert rule', type: 'text' },
      {
        id: 'signal',
        label: 'Signal',
        type: 'enum',
        options: ['Metric', 'Log', 'Activity log', 'Budget', 'Service health'],
      },
      { id: 'condition', label: 'Condition', type: 'text' },
      { id: 'threshold', label: 'Threshold', type: 'number' },
      { id: 'scope', label: 'Scope', type: 'text' },
      { id: 'severity', label: 'Severity', type: 'enum', options: ALERT_SEVERITIES },
      { id: 'recipients', label: 'Recipients', type: 'text', visible: false },
      { id: 'enabled', label: 'Enabled', type: 'boolean' },
      { id: 'firedLast30Days', label: 'Fired in the last 30 days', type: 'number' },
    ],
    defaultSort: [{ id: 'firedLast30Days', desc: true }],
    kpis: [
      { id: 'definitions', label: 'Alert rules', type: 'number' },
      { id: 'enabled', label: 'Enabled', type: 'number' },
      { id: 'firedLast30Days', label: 'Fired in the last 30 days', type: 'number' },
    ],
  },

  /**
   * Azure Monitor metric alerts currently evaluated on the tenant's resources (`azure_resources`).
   */
  metricAlerts: {
    module: 'azure',
    columns: [
      { id: 'resource', label: 'Resource', type: 'text' },
      { id: 'resourceType', label: 'Resource type', type: 'text', visible: false },
      { id: 'metric', label: 'Metric', type: 'text' },
      { id: 'operator', label: 'Operator', type: 'enum', options: ['Greater than', 'Less than'] },
      { id: 'threshold', label: 'Threshold', type: 'number' },
      { id: 'currentValue', label: 'Current value', type: 'number' },
      { id: 'severity', label: 'Severity', type: 'enum', options: ALERT_SEVERITIES },
      { id: 'firedAt', label: 'Fired', type: 'datetime' },
      { id: 'status', label: 'Status', type: 'enum', options: ['Fired', 'Acknowledged', 'Resolved'] },
      { id: 'statusBy', label: 'By', type: 'text', visible: false },
      { id: 'statusAt', label: 'On', type: 'datetime', visible: false },
    ],
    defaultSort: [{ id: 'firedAt', desc: true }],
    kpis: [
      { id: 'fired', label: 'Fired', type: 'number' },
      { id: 'critical', label: 'Critical', type: 'number' },
      { id: 'acknowledged', label: 'Acknowledged', type: 'number' },
    ],
    actions: [{ verb: 'acknowledge', label: 'Acknowledge' }],
  },

  /**
   * Security alerts of Microsoft Defender and Entra ID Protection, of the tenant's licensed modules:
   * the user (a UPN of `m365_users`) or the Azure resource they are about.
   */
  securityAlerts: {
    module: null,
    columns: [
      { id: 'title', label: 'Alert', type: 'text' },
      { id: 'severity', label: 'Severity', type: 'enum', options: ['High', 'Medium', 'Low', 'Informational'] },
      { id: 'category', label: 'Category', type: 'text' },
      { id: 'entity', label: 'User or device', type: 'text' },
      { id: 'source', label: 'Detected by', type: 'text', visible: false },
      { id: 'detected', label: 'Detected', type: 'datetime' },
      { id: 'status', label: 'Status', type: 'enum', options: ['New', 'In progress', 'Resolved'] },
      { id: 'statusBy', label: 'By', type: 'text', visible: false },
      { id: 'statusAt', label: 'On', type: 'datetime', visible: false },
    ],
    defaultSort: [{ id: 'detected', desc: true }],
    kpis: [
      { id: 'open', label: 'Open', type: 'number' },
      { id: 'highOpen', label: 'High severity open', type: 'number' },
      { id: 'resolvedLast30Days', label: 'Resolved in the last 30 days', type: 'number' },
    ],
    actions: [
      { verb: 'acknowledge', label: 'Acknowledge' },
      { verb: 'resolve', label: 'Resolve' },
    ],
  },

  /** The portal's own release notes, one row per note, the same for every tenant. */
  releaseNotes: {
    module: null,
    columns: [
      { id: 'version', label: 'Version', type: 'text' },
      { id: 'released', label: 'Released', type: 'date' },
      { id: 'area', label: 'Area', type: 'enum', options: ['Portal', 'Reports', 'Assistant', 'Data', 'Security'] },
      { id: 'kind', label: 'Kind', type: 'enum', options: ['New', 'Improved', 'Fixed'] },
      { id: 'title', label: 'Title', type: 'text' },
      { id: 'description', label: 'Description', type: 'text' },
    ],
    defaultSort: [{ id: 'released', desc: true }],
    kpis: [
      { id: 'notes', label: 'Notes', type: 'number' },
      { id: 'versions', label: 'Versions', type: 'number' },
      { id: 'fixes', label: 'Fixes', type: 'number' },
    ],
  },
} as const satisfies Record<string, DatasetDef>;

/** The operations feature pages, one dataset each (`OPERATIONS_DATASETS` above). The key is the component name the menu opens. */
export const OPERATIONS_PAGES = {
  pipelines: {
    dataset: 'pipelines',
    label: 'Data pipelines',
    charts: [{ title: 'Rows read by pipeline (last run)', kind: 'bar', x: 'pipeline', y: 'rowsRead' }],
  },
  rules: { dataset: 'rules', label: 'Rules' },
  'service-health': {
    dataset: 'serviceHealth',
    label: 'Service health events',
    charts: [{ title: 'Events by service', kind: 'bar', x: 'service' }],
  },
  'alert-definitions': { dataset: 'alertDefinitions', label: 'Alert rules' },
  'metric-alerts': {
    dataset: 'metricAlerts',
    label: 'Metric alerts',
    charts: [{ title: 'Alerts by metric', kind: 'donut', x: 'metric' }],
  },
  'security-alerts': {
    dataset: 'securityAlerts',
    label: 'Security alerts',
    charts: [{ title: 'Alerts by category', kind: 'bar', x: 'category' }],
  },
} as const satisfies Record<string, DatasetPageDefinition<keyof typeof OPERATIONS_DATASETS>>;
