// spec §5 "Dataset availability" and §6 (account types and licence SKUs gate the assistant datasets)
/**
 * Which datasets a tenant's assistant may answer about, and the selector's options. A tenant's
 * account types and licence SKUs decide which datasets it has.
 */
import { isKnownLicense } from './licenses';

// spec §3 "Dataset option"
/**
 * The datasets the assistant can answer about, in the dataset selector's order: all, m365, azure.
 * @public
 */
export const CHAT_DATASETS = ['all', 'm365', 'azure'] as const;

// spec §3 "Dataset option"
/**
 * A dataset the assistant answers about: all, m365 or azure.
 * @public
 */
export type ChatDataset = (typeof CHAT_DATASETS)[number];

/**
 * Whether `value` is one of the dataset values (an attribute or a request field, say).
 * @public
 */
export function isChatDataset(value: unknown): value is ChatDataset {
  return (CHAT_DATASETS as readonly unknown[]).includes(value);
}

// spec §5
/** The account types that open the Azure dataset. */
export const AZURE_ACCOUNT_TYPES = ['ARM', 'CSPCustomer', 'EA'] as const;
// spec §5
/** The account type that opens the Microsoft 365 dataset. */
export const M365_ACCOUNT_TYPES = ['Office365'] as const;

// spec §3 "Tenant licenses"
/**
 * A licence as the gate reads it.
 * @public
 */
export interface DatasetLicense {
  /** The licence's module (`azure`, `m365`…). */
  licenseModule: string;
  /** The licence's SKU. */
  licenseSku: string;
  /** Whether it is active. */
  active: boolean;
}

/**
 * Which of the two datasets the tenant has.
 * @public
 */
export interface DatasetAvailability {
  /** Whether the tenant has the Azure dataset. */
  azure: boolean;
  /** Whether the tenant has the Microsoft 365 dataset. */
  m365: boolean;
}

const licensed = (licenses: readonly DatasetLicense[], module: 'azure' | 'm365') =>
  licenses.some((l) => l.active && l.licenseModule === module && isKnownLicense(module, l.licenseSku));

// spec §5
/**
 * Which datasets the tenant has. Azure needs ARM, CSPCustomer or EA plus an active azure licence of a
 * known SKU; M365 needs Office365 plus an active m365 licence of a known SKU.
 * @public
 */
export function datasetAvailability(
  accountTypes: readonly string[],
  licenses: readonly DatasetLicense[],
): DatasetAvailability {
  return {
    azure:
      accountTypes.some((t) => (AZURE_ACCOUNT_TYPES as readonly string[]).includes(t)) && licensed(licenses, 'azure'),
    m365: accountTypes.some((t) => (M365_ACCOUNT_TYPES as readonly string[]).includes(t)) && licensed(licenses, 'm365'),
  };
}

// spec §5 "If both are available, the options are all, M365 and Azure"
/**
 * The datasets the selector offers: all, m365 and azure when the tenant has both; the one it has when
 * it has one; none when it has neither (the assistant is then not enabled).
 * @public
 */
export function availableDatasets(availability: DatasetAvailability): ChatDataset[] {
  if (availability.azure && availability.m365) return [...CHAT_DATASETS];
  if (availability.m365) return ['m365'];
  if (availability.azure) return ['azure'];
  return [];
}

/**
 * Whether the tenant may ask about `dataset`.
 * @public
 */
export function isDatasetAvailable(dataset: string, availability: DatasetAvailability): boolean {
  return (availableDatasets(availability) as string[]).includes(dataset);
}
