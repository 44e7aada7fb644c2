import type { OPERATIONS_DATASETS } from '@cloudportal/core/rules';
import type { DatasetSql } from '../types';
import { licensed, usd } from '../sqlParts';

/** Where the datasets of core's `OPERATIONS_DATASETS` come from (see `../registry.ts` for the contract). */
export const OPERATIONS_SQL: Readonly<Record<keyof typeof OPERATIONS_DATASETS, DatasetSql>> = {
  pipelines: {
    // Each pipeline with its newest run (ops_pipeline_runs); the next run follows it by the pipeline's interval.
    from: (s) => `ops_pipelines p
      cross join lateral (select r.started_at, r.status, r.duration_seconds, r.rows_read from ops_pipeline_runs r
                           where r.tenant_id = p.tenant_id and r.pipeline_id = p.id order by r.started_at desc limit 1) r
      where p.tenant_id = ${s.bind(s.tenantId)}`,
    id: 'p.id',
    idType: 'text',
    columns: {
      pipeline: { sql: 'p.name' },
      source: { sql: 'p.source' },
      schedule: { sql: 'p.schedule' },
      lastRun: { sql: 'r.started_at' },
      status: { sql: 'r.status' },
      durationSeconds: { sql: 'r.duration_seconds' },
      rowsRead: { sql: 'r.rows_read' },
      nextRun: { sql: 'r.started_at + make_interval(mins => p.interval_minutes)' },
    },
    kpis: {
      pipelines: 'count(*)',
      failedLastRun: `count(*) filter (where t."status" = 'Failed')`,
      rowsRead: 'coalesce(sum(t."rowsRead"), 0)',
    },
    currency: usd,
  },

  rules: {
    from: (s) => `ops_rules r where r.tenant_id = ${s.bind(s.tenantId)}`,
    id: 'r.id',
    idType: 'text',
    columns: {
      rule: { sql: 'r.name' },
      kind: { sql: 'r.kind' },
      scope: { sql: 'r.scope' },
      condition: { sql: 'r.condition' },
      action: { sql: 'r.action' },
      enabled: { sql: 'r.enabled' },
      lastTriggered: { sql: 'r.last_triggered', nullable: true },
      createdBy: { sql: 'r.created_by' },
    },
    kpis: {
      rules: 'count(*)',
      enabled: 'count(*) filter (where t."enabled")',
      triggeredLast7Days: `count(*) filter (where t."lastTriggered" >= now() - interval '7 days')`,
    },
    currency: usd,
  },

  serviceHealth: {
    // Only the events of the tenant's licensed modules (an Azure incident means nothing to a Microsoft 365-only tenant).
    from: (s) => `ops_service_health e where e.tenant_id = ${s.bind(s.tenantId)} and ${licensed(s, 'e.module')}`,
    id: 'e.id',
    idType: 'text',
    columns: {
      service: { sql: 'e.service' },
      title: { sql: 'e.title' },
      classification: { sql: 'e.classification' },
      status: { sql: 'e.status' },
      impact: { sql: 'e.impact' },
      region: { sql: 'e.region', nullable: true },
      started: { sql: 'e.started_at' },
      updated: { sql: 'e.updated_at' },
      resolved: { sql: 'e.resolved_at', nullable: true },
    },
    kpis: {
      activeIncidents: `count(*) filter (where t."status" = 'Active' and t."classification" = 'Incident')`,
      advisories: `count(*) filter (where t."classification" = 'Advisory')`,
      eventsLast30Days: `count(*) filter (where t."started" >= now() - interval '30 days')`,
    },
    currency: usd,
  },

  alertDefinitions: {
    // Fired in the last 30 days: the tenant's alerts of the definition's name fired since now - 30 days.
    from: (s) => `ops_alert_definitions d
      cross join lateral (select count(*) as n from alerts a where a.tenant_id = d.tenant_id and a.name = d.name and a.fired_at >= now() - interval '30 days') f
      where d.tenant_id = ${s.bind(s.tenantId)} and ${licensed(s, 'd.module')}`,
    id: 'd.id',
    idType: 'text',
    columns: {
      name: { sql: 'd.name' },
      signal: { sql: 'd.signal' },
      condition: { sql: 'd.condition' },
      threshold: { sql: 'd.threshold' },
      scope: { sql: 'd.scope' },
      severity: { sql: 'd.severity' },
      recipients: { sql: 'd.recipients' },
      enabled: { sql: 'd.enabled' },
      firedLast30Days: { sql: 'f.n' },
    },
    kpis: {
      definitions: 'count(*)',
      enabled: 'count(*) filter (where t."enabled")',
      firedLast30Days: 'coalesce(sum(t."firedLast30Days"), 0)',
    },
    currency: usd,
  },

  metricAlerts: {
    from: (s) => `ops_metric_alerts m where m.tenant_id = ${s.bind(s.tenantId)}`,
    id: 'm.id',
    idType: 'text',
    columns: {
      resource: { sql: 'm.resource_name' },
      resourceType: { sql: 'm.resource_type' },
      metric: { sql: 'm.metric' },
      operator: { sql: 'm.operator' },
      threshold: { sql: 'm.threshold' },
      currentValue: { sql: 'm.current_value' },
      severity: { sql: 'm.severity' },
      firedAt: { sql: 'm.fired_at' },
      status: { sql: 'm.status' },
      statusBy: { sql: 'm.status_by', nullable: true },
      statusAt: { sql: 'm.status_at', nullable: true },
    },
    kpis: {
      fired: `count(*) filter (where t."status" = 'Fired')`,
      critical: `count(*) filter (where t."status" <> 'Resolved' and t."severity" = 'Critical')`,
      acknowledged: `count(*) filter (where t."status" = 'Acknowledged')`,
    },
    currency: usd,
    actions: {
      table: 'ops_metric_alerts',
      key: 'id',
      reasonColumn: null,
      history: false,
      verbs: { acknowledge: { status: 'Acknowledged', from: ['Fired'] } },
    },
  },

  securityAlerts: {
    from: (s) => `ops_security_alerts a where a.tenant_id = ${s.bind(s.tenantId)} and ${licensed(s, 'a.module')}`,
    id: 'a.id',
    idType: 'text',
    columns: {
      title: { sql: 'a.title' },
      severity: { sql: 'a.severity' },
      category: { sql: 'a.category' },
      entity: { sql: 'a.entity' },
      source: { sql: 'a.source' },
      detected: { sql: 'a.detected_at' },
      status: { sql: 'a.status' },
      statusBy: { sql: 'a.status_by', nullable: true },
      statusAt: { sql: 'a.status_at', nullable: true },
    },
    kpis: {
      open: `count(*) filter (where t."status" <> 'Resolved')`,
      highOpen: `count(*) filter (where t."status" <> 'Resolved' and t."severity" = 'High')`,
      resolvedLast30Days: `count(*) filter (where t."status" = 'Resolved' and t."statusAt" >= now() - interval '30 days')`,
    },
    currency: usd,
    actions: {
      table: 'ops_security_alerts',
      key: 'id',
      reasonColumn: null,
      history: false,
      verbs: {
        acknowledge: { status: 'In progress', from: ['New'] },
        resolve: { status: 'Resolved', from: ['New', 'In progress'] },
      },
    },
  },

  releaseNotes: {
    from: (s) => `ops_release_notes n where n.tenant_id = ${s.bind(s.tenantId)}`,
    id: 'n.id',
    idType: 'text',
    columns: {
      version: { sql: 'n.version' },
      released: { sql: 'n.released' },
      area: { sql: 'n.area' },
      kind: { sql: 'n.kind' },
      title: { sql: 'n.title' },
      description: { sql: 'n.description' },
    },
    kpis: {
      notes: 'count(*)',
      versions: 'count(distinct t."version")',
      fixes: `count(*) filter (where t."kind" = 'Fixed')`,
    },
    currency: usd,
  },
};
