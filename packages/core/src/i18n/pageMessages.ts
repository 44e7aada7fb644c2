/**
 * The English messages of the portal's own pages (sign-in, tenant choice, onboarding, the Terms and
 * Conditions dialog, route titles). Kept apart from the core catalogue so a partner page showing a
 * cp-* element does not download them; the pages register them (`registerMessages(pagesEn)`).
 * @public
 */
export const pagesEn = {
  'route.login': 'Sign In',
  'route.register': 'Onboarding',
  'route.videoLibrary': 'Video Library',
  'route.settings': 'Settings',
  'route.releaseNotes': 'Release Notes',
  'route.customReport': 'Custom Report',
  'route.modelsComparison': 'Models Comparison',
  'route.legacyHomepage': 'Legacy Homepage',
  'route.bestPractices': 'Best Practice Recommendations',
  'route.dialogsDemo': 'Dialogs and notifications',
  'signIn.heading': 'Sign in to {productName}',
  'signIn.intro': 'Sign in with the account of your organisation.',
  'signIn.microsoft': 'Sign in with Microsoft',
  'signIn.demoHeading': 'Demo accounts',
  'signIn.demoIntro': 'This reference server signs in its demo accounts without a password.',
  'signIn.busy': 'Signing in…',
  'signIn.noProvider': 'No sign-in method is configured for this portal.',
  'signIn.accountsFailed': 'The demo accounts could not be loaded.',
  'tenant.heading': 'Choose a tenant',
  'tenant.intro': 'Your account has access to several tenants. Choose the one to work in.',
  'tenant.loading': 'Loading your tenants',
  'tenant.failed': 'Your tenants could not be loaded.',
  'tenant.expired': 'Your sign-in has expired. Please sign in again.',
  'tenant.backToSignIn': 'Back to sign in',
  'register.heading': 'Onboarding',
  'register.text':
    'Your organisation is not onboarded to {productName} yet. Your partner onboards new tenants; please contact them to get started.',
  'eula.title': 'Terms and Conditions',
  'eula.agree': 'I have read and agree to the Terms and Conditions.',
  'eula.accept': 'Accept',
  'eula.notAcceptedText':
    'Your account may not accept the Terms and Conditions. Please contact your administrator, or log out.',
  'eula.loading': 'Loading the Terms and Conditions',
  'eula.loadFailed': 'Failed to load Terms and Conditions',
  'eula.retry': 'Try again',
  'eula.acceptFailed': 'Error accepting Terms and Conditions. Please consult your support team.',
  'eula.accepted': 'Terms and Conditions accepted.',
} as const;
