import { registerFeaturePage } from '../featureRegistry';

/**
 * Feature pages of the demo menu (`fakePortal`'s `demoMenu`) for stories, so its pages show
 * content rather than the unknown-component notice. 'legacy-widget' stays unregistered on purpose.
 */
export function registerDemoFeaturePages(): void {
  const page = (text: string) => async () => ({ default: () => <p>{text}</p> });
  registerFeaturePage('subscriptions', page('Three subscriptions: Production, Development and Sandbox, all active.'));
  registerFeaturePage('azure-focus', page('West Europe USD 9,120 · North Europe USD 4,310 · East US USD 2,165.'));
  registerFeaturePage('shared-costs', page('Shared costs are split by the number of users of each department.'));
  registerFeaturePage('azure-budgets', page('Two budgets: Production (USD 15,000) and Development (USD 4,000).'));
  registerFeaturePage('metric-alerts', page('Alert when a budget reaches 80% and 100%.'));
  registerFeaturePage('alerts', page('No budget alerts in the last 30 days.'));
}
