import type { FeatureComponentProps } from '../../shell/featureRegistry';
import { Dashboard } from './Dashboard';

/** The customer metrics page (`customer-metrics`): the tenant's key figures across its datasets. */
export default function CustomerMetrics(props: Partial<FeatureComponentProps>) {
  return <Dashboard {...props} sections={['metrics']} />;
}
