import type { FeaturePageProps } from '../../shell/featureRegistry';
import { Dashboard } from './Dashboard';

/** The customer metrics page (`customer-metrics`): the tenant's key figures across its datasets. */
export default function CustomerMetrics(props: Partial<FeaturePageProps>) {
  return <Dashboard {...props} sections={['metrics']} />;
}
