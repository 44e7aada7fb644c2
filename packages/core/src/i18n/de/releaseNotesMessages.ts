import type { releaseNotesEn } from '../releaseNotesMessages';

/**
 * The release notes page's German messages: `releaseNotesEn` key for key.
 * @public
 */
export const releaseNotesDe = {
  'releaseNotes.title': 'Versionshinweise',
  'releaseNotes.version': 'Version {version} vom {date}',
  'releaseNotes.loading': 'Versionshinweise werden geladen',
  'releaseNotes.failed': 'Die Versionshinweise konnten nicht geladen werden',
  'releaseNotes.retry': 'Erneut versuchen',
  'releaseNotes.empty': 'Noch keine Versionshinweise',
  'releaseNotes.emptyText': 'Hinweise erscheinen hier, sobald eine Version veröffentlicht wird.',
  'releaseNotes.emptyArea': 'Keine Hinweise in diesem Bereich.',
  'releaseNotes.area': 'Bereich',
  'releaseNotes.allAreas': 'Alle Bereiche',
  'releaseNotes.kind.New': 'Neu',
  'releaseNotes.kind.Improved': 'Verbessert',
  'releaseNotes.kind.Fixed': 'Behoben',
} satisfies Record<keyof typeof releaseNotesEn, string>;
