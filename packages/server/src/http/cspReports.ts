import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from '../metrics';
import { problem } from './problem';

/** Where browsers report the portal pages' Content-Security-Policy violations (`report-uri`). */
export const CSP_REPORTS_ROUTE = '/api/csp-reports';

/** The directives a report is counted under; any other is counted as `other`, so the label stays small. */
const DIRECTIVES = new Set([
  'script-src',
  'script-src-elem',
  'script-src-attr',
  'style-src',
  'style-src-elem',
  'style-src-attr',
  'img-src',
  'font-src',
  'connect-src',
  'frame-src',
  'media-src',
  'object-src',
  'base-uri',
  'form-action',
  'frame-ancestors',
  'default-src',
  'worker-src',
  'manifest-src',
  'require-trusted-types-for',
  'trusted-types',
]);

/** The reports a body holds, in either format browsers send. */
interface Violation {
  directive: string;
  blocked: string;
  document: string;
  source?: string;
  line?: number;
  sample?: string;
}

/** At most this many reports are logged a minute by an instance; every one is counted. */
const LOGGED_PER_MINUTE = 60;

const text = (value: unknown, max = 200) => (typeof value === 'string' ? value.slice(0, max) : '');

/** A URL as a log keeps it: origin and path, no query or fragment (they may carry tokens). */
function withoutQuery(value: unknown): string {
  const raw = text(value, 2000);
  try {
    const url = new URL(raw);
    return `${url.origin}${url.pathname}`.slice(0, 200);
  } catch {
    // 'inline', 'eval', 'trusted-types-sink' and the like.
    return raw.slice(0, 60);
  }
}

function violationOf(body: Record<string, unknown>): Violation | undefined {
  const directive = text(body.effectiveDirective ?? body['effective-directive'] ?? body['violated-directive'], 60)
    .split(' ')[0]
    ?.toLowerCase();
  if (!directive) return undefined;
  const line = body.lineNumber ?? body['line-number'];
  return {
    directive: DIRECTIVES.has(directive) ? directive : 'other',
    blocked: withoutQuery(body.blockedURL ?? body['blocked-uri']),
    document: withoutQuery(body.documentURL ?? body['document-uri']),
    source: withoutQuery(body.sourceFile ?? body['source-file']) || undefined,
    line: typeof line === 'number' ? line : undefined,
    // The first characters of the offending script or sink call, as the browser samples them (at most 40).
    sample: text(body.sample ?? body['script-sample'], 40) || undefined,
  };
}

/**
 * The violations of one report body: `report-uri`'s `{"csp-report": {…}}` (application/csp-report),
 * or the Reporting API's array of `{type: "csp-violation", body: {…}}` (application/reports+json).
 */
export function violationsOf(body: unknown): Violation[] {
  if (Array.isArray(body))
    return body
      .filter((r) => r && typeof r === 'object' && (r as { type?: unknown }).type === 'csp-violation')
      .map((r) => violationOf(((r as { body?: unknown }).body ?? {}) as Record<string, unknown>))
      .filter((v): v is Violation => !!v);
  const report = (body as { 'csp-report'?: unknown } | null)?.['csp-report'];
  const one = report && typeof report === 'object' ? violationOf(report as Record<string, unknown>) : undefined;
  return one ? [one] : [];
}

/**
 * `POST /api/csp-reports`: what browsers report of the portal pages' Content-Security-Policy and
 * Trusted Types violations. Public (a browser sends no token), at most 64 KB. Each violation is
 * counted (`cloudportal_csp_reports_total{directive}` in /metrics) and logged as a warning — the
 * directive, the blocked resource and the page without their query, the source line, the sample —
 * at most {@link LOGGED_PER_MINUTE} a minute per instance. Answers 204; 400 for a body that is no report.
 */
export async function cspReportRoutes(app: FastifyInstance, { metrics }: { metrics: AppMetrics }): Promise<void> {
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('The report is not JSON.'), { statusCode: 400 }), undefined);
      }
    },
  );
  let minute = 0;
  let logged = 0;
  app.post(
    CSP_REPORTS_ROUTE,
    {
      bodyLimit: 64 * 1024,
      schema: {
        summary: "A browser's report of a Content-Security-Policy violation on one of the portal's pages",
        description:
          'Sent by browsers (`report-uri`): `application/csp-report` (`{"csp-report": {…}}`) or the Reporting API\'s `application/reports+json`. Public; counted in /metrics and logged.',
      },
    },
    async (request, reply) => {
      const violations = violationsOf(request.body);
      if (violations.length === 0)
        return (
          reply
            .code(400)
            // eslint-disable-next-line no-restricted-syntax -- a browser sends it, no visitor reads it: English
            .send(problem('Bad Request', 'The body is not a Content-Security-Policy report.'))
        );
      const now = Math.floor(Date.now() / 60_000);
      if (now !== minute) [minute, logged] = [now, 0];
      for (const violation of violations) {
        metrics.countCspReport(violation.directive);
        if (logged++ < LOGGED_PER_MINUTE) request.log.warn({ violation }, 'Content-Security-Policy violation reported');
      }
      return reply.code(204).send();
    },
  );
}
