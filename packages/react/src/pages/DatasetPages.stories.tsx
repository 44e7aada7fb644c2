import type { Meta } from '@storybook/react';
import { DatasetPage } from '../kit/DatasetPage';
import { PortalPage, story } from './testing/datasetPageStory';

// Each story is a page as the menu opens it, over 60 sample rows that pass its fixed filters. The
// kit's own stories show the states every page shares (loading, empty, error, unlicensed, dark). The
// cost, estate, Microsoft 365, adoption and operations pages have story files of their own.

/**
 * The portal's dataset pages for subscriptions, resources, recommendations, licences, users,
 * alerts, budgets, reservations, secure score and usage. Each is a dataset page (`DatasetPage`):
 * the page's fixed filters, key figures, charts and grid, opened by name from the portal's menu.
 */
const meta = {
  title: 'Pages/Dataset pages',
  component: PortalPage,
  subcomponents: { DatasetPage },
} satisfies Meta<typeof PortalPage>;

export default meta;

/** `subscriptions` */
export const Subscriptions = story('subscriptions');

/** `azure-resources` */
export const AzureResources = story('azure-resources');

/** `azure-focus` */
export const AzureFocus = story('azure-focus');

/** `recommendations-azure` */
export const RecommendationsAzure = story('recommendations-azure');

/** `recommendations-m365` */
export const RecommendationsM365 = story('recommendations-m365');

/** `aws-recommendations` */
export const AwsRecommendations = story('aws-recommendations');

/** `recommendations-archives` */
export const RecommendationsArchives = story('recommendations-archives');

/** `licenses` */
export const Licenses = story('licenses');

/** `users` */
export const Users = story('users');

/** `license-users` */
export const LicenseUsers = story('license-users');

/** `alerts` */
export const Alerts = story('alerts');

/** `azure-budgets` */
export const AzureBudgets = story('azure-budgets');

/** `ri-sp-contracts` */
export const RiSpContracts = story('ri-sp-contracts');

/** `ea-reservations` */
export const EaReservations = story('ea-reservations');

/** `secure-score-profiles` */
export const SecureScoreProfiles = story('secure-score-profiles');

/** `usage-overview` */
export const UsageOverview = story('usage-overview');

/** `usage-teams` */
export const UsageTeams = story('usage-teams');

/** `usage-mail` */
export const UsageMail = story('usage-mail');

/** `usage-sharepoint` */
export const UsageSharepoint = story('usage-sharepoint');

/** Subscriptions in the dark theme. */
export const SubscriptionsDark = story('subscriptions', 'dark');
