import type { FeatureComponentProps } from '../../shell/featureRegistry';
import { Dashboard } from './Dashboard';

/** The home dashboards page (`home-dashboards`): the tenant's custom dashboards and reports, then its key figures. */
export default function HomeDashboards(props: Partial<FeatureComponentProps>) {
  return <Dashboard {...props} sections={['custom', 'metrics']} />;
}
