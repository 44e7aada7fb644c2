// Issue 24 §2: a rule's message comes from the catalogue by id, so it reads in the reader's language —
// English exactly as shipped by default, German with the German catalogue (the reference server passes
// the request's translator, the views `useT()`).
import { describe, expect, it } from 'vitest';
import { deMessages } from '../i18n/de';
import { createTranslator } from '../i18n/messages';
import { AUDIT_MESSAGES, auditEventError } from './audit';
import {
  BOOKMARK_MESSAGES,
  BOOKMARK_PAGE_NAME_MAX,
  BOOKMARK_STATE_MAX_BYTES,
  validateNewView,
  validatePageName,
  validateTabName,
  validateViewState,
} from './bookmarks';
import { FEEDBACK_MESSAGES, firstFeedbackError, validateFeedback } from './feedback';
import { licenseAnswersJsonProblems } from './licenseQuestionnaire';
import { OFFLINE_TEST_NOTE, summarizeChecks, tagChecks } from './licenses';
import { SEARCH_MESSAGES, SEARCH_QUERY_MAX, searchQueryError, searchQueryIssue } from './menuSearch';
import { brandingFileProblem, emailTestProblems, generalSettingsProblems, integrationProblems } from './settingsForms';

const german = createTranslator({}, deMessages);

describe("the rules' messages by catalogue id", () => {
  it('given no translation, then the saved-view rules answer in English as shipped', () => {
    expect(validateViewState('')).toBe('The view state is required.');
    expect(validateViewState('a'.repeat(BOOKMARK_STATE_MAX_BYTES + 1))).toBe(
      'The view state is too large (at most 64 KB).',
    );
    expect(validatePageName('')).toBe(BOOKMARK_MESSAGES.pageNameRequired);
    expect(validateTabName('t'.repeat(BOOKMARK_PAGE_NAME_MAX + 1))).toBe(BOOKMARK_MESSAGES.tabNameTooLong);
    expect(BOOKMARK_MESSAGES.notFound('v1')).toBe('View v1 was not found.');
  });

  it('given the German catalogue, then the saved-view rules answer in German', () => {
    expect(validateViewState('', german)).toBe('Der Zustand der Ansicht ist erforderlich.');
    expect(validatePageName('p'.repeat(BOOKMARK_PAGE_NAME_MAX + 1), german)).toBe(
      'Der Seitenname darf höchstens 200 Zeichen lang sein.',
    );
    expect(validateNewView({ pageName: '', tabName: null, name: '', state: '' }, german)).toEqual([
      'Der Seitenname ist erforderlich.',
      'Ein Name ist erforderlich.',
      'Der Zustand der Ansicht ist erforderlich.',
    ]);
    expect(BOOKMARK_MESSAGES.notFound('v1', german)).toBe('Die Ansicht v1 wurde nicht gefunden.');
  });

  it('given a search text the server refuses, then the issue names it and the message follows the translation', () => {
    expect(searchQueryIssue('  ')).toBe('required');
    expect(searchQueryIssue('x'.repeat(SEARCH_QUERY_MAX + 1))).toBe('tooLong');
    expect(searchQueryIssue('budgets')).toBeNull();
    expect(SEARCH_MESSAGES.tooLong).toBe('Search for at most 100 characters.');
    expect(searchQueryError('', german)).toBe('Geben Sie einen Suchbegriff ein.');
    expect(searchQueryError('x'.repeat(SEARCH_QUERY_MAX + 1), german)).toBe(
      'Ihr Suchbegriff darf höchstens 100 Zeichen lang sein.',
    );
  });

  it('given an audit event without its location or report, then the refusal follows the translation', () => {
    expect(auditEventError({ category: 'navigation' })).toBe(AUDIT_MESSAGES.navigationLocation);
    expect(auditEventError({ category: 'analytics' }, german)).toBe('Ein Analyseereignis benötigt eine reportId.');
  });

  it('given invalid feedback, then every field says what is wrong in German, types by their German names', () => {
    expect(FEEDBACK_MESSAGES.typeUnknown).toBe(
      'Type must be one of Feedback, Feature Request, Bug, Comment, Suggestion.',
    );
    expect(validateFeedback({ rating: 7, type: 'Praise', comment: '' }, german)).toEqual({
      menuUuid: 'Das Feedback muss sich auf eine Seite Ihres Menüs beziehen.',
      rating: 'Die Bewertung muss eine ganze Zahl von 0 bis 5 sein.',
      type: 'Die Art muss eine der folgenden sein: Feedback, Funktionswunsch, Fehler, Kommentar, Vorschlag.',
      comment: 'Ein Kommentar ist erforderlich.',
    });
    expect(firstFeedbackError({ menuUuid: 'm', rating: 1, type: 'Bug', comment: 'x' }, german)).toBeNull();
  });

  it('given invalid settings forms, then their problems are in German', () => {
    expect(
      generalSettingsProblems({ productName: '', salesEmail: 'nobody', uiSessionTimeout: '0', eula: '' }, german),
    ).toEqual({
      salesEmail: 'Geben Sie eine E-Mail-Adresse wie sales@example.com ein.',
      uiSessionTimeout: 'Geben Sie ganze Minuten von 5 bis 720 ein.',
    });
    expect(brandingFileProblem({ type: 'application/pdf', size: 1 }, german)).toBe(
      'Wählen Sie ein PNG-, JPEG-, SVG- oder ICO-Bild aus.',
    );
    expect(emailTestProblems({ recipients: 'ada@contoso.example, nobody', subject: '', body: 'x' }, german)).toEqual({
      recipients: '„nobody“ ist keine E-Mail-Adresse.',
      subject: 'Geben Sie einen Betreff ein.',
    });
    expect(integrationProblems('surveil', { url: 'http://x', apiKey: 'k' }, true, german)).toEqual({
      url: 'Geben Sie eine https://-Adresse ein.',
    });
  });

  it("given the settings tests' checks, then each and their summary follow the translation, English as shipped by default", () => {
    const snapshot = { azureLicensed: true, resourceCount: 1, taggedCount: 0 };
    expect(tagChecks(snapshot).map((c) => c.message)).toEqual([
      'The tenant is licensed for Azure.',
      '1 Azure resource is inventoried.',
      'No inventoried resource carries a tag.',
    ]);
    expect(summarizeChecks(tagChecks(snapshot), OFFLINE_TEST_NOTE)).toBe(
      '1 of 3 checks failed. No external service was called: the saved settings were checked, not tried.',
    );
    const checks = tagChecks({ ...snapshot, resourceCount: 4, taggedCount: 2 }, german);
    expect(checks.map((c) => c.message)).toEqual([
      'Der Mandant ist für Azure lizenziert.',
      '4 Azure-Ressourcen sind inventarisiert.',
      '2 von 4 Ressourcen tragen Tags.',
    ]);
    expect(summarizeChecks(checks, german('settings.check.storedDataNote'), german)).toBe(
      'Alle 3 Prüfungen waren erfolgreich. Geprüft anhand der für Ihren Mandanten gespeicherten Daten; es wurde kein externer Dienst aufgerufen.',
    );
  });

  it("given the questionnaire's answers as JSON that are not an object, then the problem follows the translation", () => {
    expect(licenseAnswersJsonProblems(null)).toEqual({ officeWorkers: 'Send the answers as an object.' });
    expect(licenseAnswersJsonProblems(null, german)).toEqual({ officeWorkers: 'Senden Sie die Antworten als Objekt.' });
  });
});
