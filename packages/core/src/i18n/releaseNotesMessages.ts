// spec §2 names the `release-notes` page; none of its texts is quoted by the spec
/**
 * The release notes page's English messages: its title, versions, loading, failure and empty states,
 * and the area and kind filters. Registered by the page.
 * @public
 */
export const releaseNotesEn = {
  'releaseNotes.title': 'Release notes',
  'releaseNotes.version': 'Version {version} — {date}',
  'releaseNotes.loading': 'Loading the release notes',
  'releaseNotes.failed': 'The release notes could not be loaded',
  'releaseNotes.retry': 'Retry',
  'releaseNotes.empty': 'No release notes yet',
  'releaseNotes.emptyText': 'Notes appear here when a version is released.',
  'releaseNotes.emptyArea': 'No notes in this area.',
  'releaseNotes.area': 'Area',
  'releaseNotes.allAreas': 'All areas',
  'releaseNotes.kind.New': 'New',
  'releaseNotes.kind.Improved': 'Improved',
  'releaseNotes.kind.Fixed': 'Fixed',
} as const;
