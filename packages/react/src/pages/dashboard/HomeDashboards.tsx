import type { FeaturePageProps } from '../../shell/featureRegistry';
import { Dashboard } from './Dashboard';

/** The home dashboards page (`home-dashboards`): the tenant's custom dashboards and reports, then its key figures. */
export default function HomeDashboards(props: Partial<FeaturePageProps>) {
  return <Dashboard {...props} sections={['custom', 'metrics']} />;
}
