// spec §2 "Search dialog", §8 "Search"
/**
 * The search dialog's English messages. Kept apart from the
 * core catalogue so a page without search does not download them; the search dialog registers them.
 * @public
 */
export const searchEn = {
  'search.title': 'Search',
  'search.input': 'What would you like to find?',
  'search.loading': 'Searching',
  'search.count': '{count} results',
  'search.count.one': '1 result',
  'search.none': 'No results...',
  'search.results': 'Results',
  'search.path': 'Page',
  'search.description': 'Description',
  'search.tags': 'Tags',
  'search.page': 'Page {page} of {pages}',
  'search.previous': 'Previous page',
  'search.next': 'Next page',
  'search.hint': 'Arrow keys move through the results, Enter opens one, Escape closes.',
  'search.close': 'Close',
  'search.open': 'Search the portal',
  // The key that opens search, shown on <cp-search>'s box (spec §2: Meta+K / Ctrl+K).
  'search.shortcut': 'Ctrl K',
  'search.signIn': 'Sign in to search the portal',
  // Why a search text cannot be sent (rules/menuSearch), as the reference server answers it.
  'search.query.required': 'Enter something to search for.',
  'search.query.tooLong': 'Search for at most {max} characters.',
};
