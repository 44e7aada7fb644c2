import { registerMessages, settingsEn } from '@cloudportal/core';
import type { FeatureComponentProps } from '../../shell/featureRegistry';
import { useStyles } from '../../ui/useStyles';
import { BrandingSection } from './BrandingSection';
import { ChecksSection, EmailSection, SystemMessagesSection } from './ChecksSection';
import { ConnectedSitesSection } from './connectedSites/ConnectedSitesSection';
import { FeaturesSection } from './FeaturesSection';
import { GeneralSection } from './GeneralSection';
import { IntegrationsSection } from './IntegrationsSection';
import { LicensesSection } from './LicensesSection';
import sectionsCss from '../pageSections.css?inline';
import settingsCss from './SettingsDashboard.css?inline';

const css = `${sectionsCss}\n${settingsCss}`;

registerMessages(settingsEn);

// spec §2 `admin-section-settings-dashboard`; §7
/**
 * The settings dashboard: the tenant's settings over
 * the settings and administration service — general settings, branding files, licences,
 * feature flags, the CSP, Office 365 and Surveil integrations with their tests, the connected sites (partners' websites), access and tag
 * checks, an e-mail notification test and the system messages. The route shows it only to users
 * who may manage settings; the server refuses everyone else's changes.
 */
export default function SettingsDashboard(_props: Partial<FeatureComponentProps>) {
  const ref = useStyles<HTMLDivElement>(css);
  return (
    <div ref={ref} className="cp-settings cp-page-sections">
      <GeneralSection />
      <BrandingSection />
      <LicensesSection />
      <FeaturesSection />
      <IntegrationsSection />
      <ConnectedSitesSection />
      <ChecksSection />
      <EmailSection />
      <SystemMessagesSection />
    </div>
  );
}
