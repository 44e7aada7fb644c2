// spec §2 "Dynamic page"
/**
 * The page's English messages: loading, the placeholders and the tabs — a
 * page inside the shell, or alone (`<FeaturePage>`, `<cp-page>`), which pays for none of the shell's
 * other texts. The page store registers them.
 * @public
 */
export const dynamicPageEn = {
  'nav.failed': 'The menu could not be loaded.',
  'page.loading': 'Loading the page',
  'page.signIn': 'Sign in to see this page',
  'page.notFound': "No page '{name}' exists in your menu.",
  'page.notFoundTitle': 'Page not found',
  'page.retry': 'Try again',
  'page.home': 'Go to the home page',
  'page.tabs': 'Sections of {page}',
  'page.movedTitle': 'Functionality moved',
  'page.moved': 'This functionality moved. Use the menu to find its new place, or ask your partner.',
  'page.unknownTitle': 'This page cannot be shown',
  'page.unknown': "The page's component '{name}' is not available in this portal.",
  'page.featureFailed': 'This page could not be loaded.',
  'page.unlicensedTitle': 'Unlicensed feature',
  'page.unlicensed': 'Your tenant is not licensed for this page. Please contact your partner.',
  'page.report': 'Report {id}',
  'page.forbiddenTitle': 'Not allowed',
  'page.forbidden': "Only users who may manage the tenant's settings can open this page.",
} as const;
