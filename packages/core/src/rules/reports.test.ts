import { describe, expect, it } from 'vitest';
import { reportDe as deReport } from '../i18n/de/reportMessages';
import { createTranslator } from '../i18n/messages';
import { REPORT_HEIGHT_REDUCTION_PX } from './constants';
import {
  CONFIGURATION_ERROR,
  CONFIGURATION_ERROR_TEXT,
  configurationError,
  configurationErrorText,
  configuredReportPage,
  filteredReportPages,
  embedTokenRefreshDelay,
  EMBED_PARTS_MISSING,
  isEmbeddable,
  isValidReportId,
  PAGE_VIEW_ERROR,
  PAGE_VIEW_OPTIONS,
  pagesForReportPage,
  reportPageNames,
  pageViewError,
  reportHeight,
  reportPageView,
  reportViewState,
  unlicensedCard,
  unlicensedText,
} from './reports';

const EMBED = {
  token: 'eyJ.a.b',
  entityUrl: 'https://app.powerbi.com/reportEmbed?reportId=1&groupId=2',
  entityId: '1',
};
const page = (displayName: string, isActive = false, name = `ReportSection${displayName.length}`) => ({
  name,
  displayName,
  visibility: 0 as const,
  isActive,
});

describe('embedded report rules (spec §2, §4, §5, §8, §9)', () => {
  describe('§5 "Embedding": the token, entity url and entity id must all be present', () => {
    it('given all three, the report is embeddable', () => {
      expect(isEmbeddable(EMBED)).toBe(true);
    });

    it.each(['token', 'entityUrl', 'entityId'] as const)(
      'given %s missing, null, empty or blank, it is not',
      (field) => {
        const { [field]: _dropped, ...rest } = EMBED;
        void _dropped;
        expect(isEmbeddable(rest)).toBe(false);
        expect(EMBED_PARTS_MISSING).toBe('The token, entity url and entity id must all be present.');
        expect(isEmbeddable({ ...EMBED, [field]: null })).toBe(false);
        expect(isEmbeddable({ ...EMBED, [field]: '' })).toBe(false);
        expect(isEmbeddable({ ...EMBED, [field]: '   ' })).toBe(false);
      },
    );

    it('given no answer at all, it is not', () => {
      expect(isEmbeddable(null)).toBe(false);
      expect(isEmbeddable(undefined)).toBe(false);
    });
  });

  describe('§2 the "Unlicensed feature" card', () => {
    it('given a server error message, shows the description and "Action: " followed by that message', () => {
      expect(
        unlicensedCard({
          description: 'Security posture of your tenant.',
          errorMessage: 'Ask your partner to enable security reports.',
        }),
      ).toEqual({
        title: 'Unlicensed feature',
        description: 'Security posture of your tenant.',
        action: 'Action: Ask your partner to enable security reports.',
      });
    });

    it('given no error message (null, missing or blank), the action is "Please contact your partner."', () => {
      expect(unlicensedCard({ description: 'd', errorMessage: null }).action).toBe(
        'Action: Please contact your partner.',
      );
      expect(unlicensedCard({ description: 'd' }).action).toBe('Action: Please contact your partner.');
      expect(unlicensedText({ description: 'd', errorMessage: 'Ask your partner.' })).toBe(
        'Unlicensed feature - Action: Ask your partner.',
      );
      expect(unlicensedText({})).toBe('Unlicensed feature - Action: Please contact your partner.');
      expect(unlicensedCard({ description: 'd', errorMessage: '  ' }).action).toBe(
        'Action: Please contact your partner.',
      );
    });

    it('given no description, the card has an empty description rather than "undefined"', () => {
      expect(unlicensedCard({ errorMessage: 'x' }).description).toBe('');
    });
  });

  describe('§2 / §8 the configuration error', () => {
    it('reads "Configuration Error" / "Please contact administrator.", and on one line with " - "', () => {
      expect(CONFIGURATION_ERROR).toEqual({ title: 'Configuration Error', message: 'Please contact administrator.' });
      expect(CONFIGURATION_ERROR_TEXT).toBe('Configuration Error - Please contact administrator.');
      expect(configurationError()).toEqual(CONFIGURATION_ERROR);
      expect(configurationErrorText()).toBe('Configuration Error - Please contact administrator.');
    });
  });

  describe('§2 the cards from the catalogue', () => {
    const german = createTranslator(deReport);

    it("given a translation, the cards' own words are translated and the server's words kept", () => {
      expect(unlicensedCard({ description: 'Sicherheitslage.', errorMessage: 'Ask your partner.' }, german)).toEqual({
        title: 'Nicht lizenzierte Funktion',
        description: 'Sicherheitslage.',
        action: 'Maßnahme: Ask your partner.',
      });
      expect(unlicensedText({}, german)).toBe(
        'Nicht lizenzierte Funktion - Maßnahme: Bitte wenden Sie sich an Ihren Partner.',
      );
      expect(configurationError(german)).toEqual({
        title: 'Konfigurationsfehler',
        message: 'Bitte wenden Sie sich an Ihren Administrator.',
      });
      expect(configurationErrorText(german)).toBe(
        'Konfigurationsfehler - Bitte wenden Sie sich an Ihren Administrator.',
      );
    });

    it('given a server message with braces, it is shown as it came (never read as a placeholder)', () => {
      expect(unlicensedCard({ errorMessage: 'Ask {action} $& now.' }).action).toBe('Action: Ask {action} $& now.');
    });
  });

  describe('§4 "On load the product finds the pages whose display name equals the configured report page and activates the first"', () => {
    const pages = [
      page('Overview', true, 'ReportSectionA'),
      page('Cost by Service', false, 'ReportSectionB'),
      page('Cost by Service', false, 'ReportSectionC'),
    ];

    it('given a configured page, finds every page with exactly that display name', () => {
      expect(pagesForReportPage(pages, 'Cost by Service').map((p) => p.name)).toEqual([
        'ReportSectionB',
        'ReportSectionC',
      ]);
      expect(pagesForReportPage(pages, 'cost by service')).toEqual([]);
    });

    it('activates the first matching page, even when another page is active', () => {
      expect(configuredReportPage(pages, 'Cost by Service')?.name).toBe('ReportSectionB');
    });

    it('given a configured page that no page displays, there is none (the Configuration Error)', () => {
      expect(configuredReportPage(pages, 'Legacy Usage')).toBeUndefined();
    });

    it('given no configured page, opens the active page, else the first', () => {
      expect(configuredReportPage(pages, null)?.name).toBe('ReportSectionA');
      expect(configuredReportPage([page('A'), page('Bb', true)], '')?.displayName).toBe('Bb');
      expect(configuredReportPage([page('A'), page('Bb')], undefined)?.displayName).toBe('A');
    });

    it('given a report without pages, there is none (spec §8 "No pages")', () => {
      expect(configuredReportPage([], null)).toBeUndefined();
      expect(configuredReportPage([], 'Overview')).toBeUndefined();
    });
  });

  describe('§2 "pbiReport: a multi-page report with a page-name filter": the whole list counts', () => {
    const pages = [
      page('Overview', true, 'A'),
      page('Usage', false, 'B'),
      page('Costs', false, 'C'),
      page('Legacy', false, 'D'),
    ];

    it('given a filter of several names, finds the pages of any of them, in the report order, and opens the first', () => {
      expect(reportPageNames(['Costs', '', 'Usage'])).toEqual(['Costs', 'Usage']);
      expect(reportPageNames('Usage')).toEqual(['Usage']);
      expect(reportPageNames(null)).toEqual([]);
      expect(pagesForReportPage(pages, ['Costs', 'Usage']).map((p) => p.name)).toEqual(['B', 'C']);
      expect(configuredReportPage(pages, ['Costs', 'Usage'])?.name).toBe('B');
      expect(configuredReportPage(pages, ['Nothing', 'Costs'])?.name).toBe('C');
      expect(configuredReportPage(pages, ['Nothing'])).toBeUndefined();
      expect(configuredReportPage(pages, [])?.name).toBe('A');
    });

    it('offers page choices only when the filter shows two pages or more', () => {
      expect(filteredReportPages(pages, ['Costs', 'Usage']).map((p) => p.displayName)).toEqual(['Usage', 'Costs']);
      expect(filteredReportPages(pages, ['Costs'])).toEqual([]);
      expect(filteredReportPages(pages, ['Costs', 'Nothing'])).toEqual([]);
      expect(filteredReportPages(pages, null)).toEqual([]);
    });
  });

  describe('§4 report view states', () => {
    const pages = [page('Overview', true)];
    it('is loading until the embed answer, then until the pages, arrive', () => {
      expect(reportViewState({})).toBe('loading');
      expect(reportViewState({ embed: { ...EMBED, reportPage: 'Overview' } })).toBe('loading');
    });
    it('shows the report when the configured page exists', () => {
      expect(reportViewState({ embed: { ...EMBED, reportPage: 'Overview' }, pages })).toBe('report');
    });
    it('shows the marketing image when the token call failed', () => {
      expect(reportViewState({ tokenFailed: true })).toBe('marketing');
    });
    it('shows the unlicensed card when token, url or id is missing', () => {
      expect(reportViewState({ embed: { token: null, entityUrl: null, entityId: null }, pages })).toBe('unlicensed');
    });
    it('shows the no-pages error when the configured page is missing', () => {
      expect(reportViewState({ embed: { ...EMBED, reportPage: 'Legacy Usage' }, pages })).toBe('no-pages');
    });
  });

  describe('§9 "Report height"', () => {
    it('is the viewport height minus 105 px by default', () => {
      expect(REPORT_HEIGHT_REDUCTION_PX.default).toBe(105);
      expect(reportHeight(1080)).toBe(975);
      expect(reportHeight(1080, 'default')).toBe(975);
    });
    it('is the viewport height minus 95 px in the assistant-era viewer', () => {
      expect(reportHeight(1080, 'assistantViewer')).toBe(985);
    });
    it('is the viewport height minus a given reduction', () => {
      expect(reportHeight(800, 200)).toBe(600);
      expect(reportHeight(800, 0)).toBe(800);
    });
    it('is never negative, and an invalid reduction falls back to 105 px', () => {
      expect(reportHeight(50)).toBe(0);
      expect(reportHeight(800, -10)).toBe(695);
      expect(reportHeight(800, Number.NaN)).toBe(695);
    });
  });

  describe('§2 layout and §5 page view', () => {
    it('uses actual size on mobile and fit to width otherwise', () => {
      expect(reportPageView(true)).toBe('actualSize');
      expect(reportPageView(false)).toBe('fitToWidth');
    });
    it('accepts the three page views of spec §9 and no page view', () => {
      expect(PAGE_VIEW_OPTIONS).toEqual(['fitToWidth', 'oneColumn', 'actualSize']);
      for (const view of PAGE_VIEW_OPTIONS) expect(pageViewError(view)).toBeUndefined();
      expect(pageViewError(undefined)).toBeUndefined();
    });
    it.each(['fitToPage', 'FitToWidth', '', null, 3])('refuses %j with the spec message', (value) => {
      expect(pageViewError(value)).toBe('pageView must be one of the followings: fitToWidth, oneColumn, actualSize');
      expect(PAGE_VIEW_ERROR).toBe('pageView must be one of the followings: fitToWidth, oneColumn, actualSize');
    });
  });

  describe('embed token refresh timing (the app token lead of §9, 30 s)', () => {
    const now = Date.parse('2025-01-01T12:00:00Z');
    it('refreshes 30 s before expiry', () => {
      expect(embedTokenRefreshDelay('2025-01-01T12:10:00Z', now)).toBe(570_000);
    });
    it('refreshes at once inside the lead, and not at all once expired or unreadable', () => {
      expect(embedTokenRefreshDelay('2025-01-01T12:00:10Z', now)).toBe(0);
      expect(embedTokenRefreshDelay('2025-01-01T12:00:00Z', now)).toBe(0);
      expect(embedTokenRefreshDelay('2025-01-01T11:59:59Z', now)).toBeUndefined();
      expect(embedTokenRefreshDelay('soon', now)).toBeUndefined();
      expect(embedTokenRefreshDelay(null, now)).toBeUndefined();
    });
  });

  describe('report ids', () => {
    it('are lower-case slugs of at most 64 characters', () => {
      expect(isValidReportId('billing-overview')).toBe(true);
      expect(isValidReportId('Billing')).toBe(false);
      expect(isValidReportId('-x')).toBe(false);
      expect(isValidReportId('../etc')).toBe(false);
      expect(isValidReportId('a'.repeat(65))).toBe(false);
    });
  });
});
