/**
 * Azure list prices the demo seed prices things with (the bill of materials, the reservations):
 * one table, so the pages that show prices agree.
 */

/** Azure's region names, and list prices relative to East US. */
export const AZURE_REGIONS: Readonly<Record<string, { name: string; factor: number }>> = {
  eastus: { name: 'East US', factor: 1 },
  eastus2: { name: 'East US 2', factor: 1 },
  centralus: { name: 'Central US', factor: 1.09 },
  westus2: { name: 'West US 2', factor: 1 },
  westus3: { name: 'West US 3', factor: 0.98 },
  westeurope: { name: 'West Europe', factor: 1.12 },
  northeurope: { name: 'North Europe', factor: 1.06 },
  uksouth: { name: 'UK South', factor: 1.12 },
  ukwest: { name: 'UK West', factor: 1.15 },
  swedencentral: { name: 'Sweden Central', factor: 1.08 },
};

/**
 * A priced SKU: the line's name, a month's pay-as-you-go list price in East US (730 hours), and
 * the alternative's price as a fraction of it (a 3-year reservation; 1 where the SKU cannot be
 * reserved).
 */
export interface PricedSku {
  category: string;
  line: string;
  monthly: number;
  alternative: number;
  alternativeName: string;
}

const RESERVED_3Y = 'Reserved 3 years';
const NOT_RESERVABLE = 'Pay-As-You-Go (no reservation for this SKU)';

/** Keyed by resource type and SKU. */
export const AZURE_PRICES: Readonly<Record<string, PricedSku>> = {
  'Microsoft.Compute/virtualMachines|Standard_D2s_v5': {
    category: 'Compute',
    line: 'D2s v5 Linux VM',
    monthly: 70.08,
    alternative: 0.38,
    alternativeName: RESERVED_3Y,
  },
  'Microsoft.Compute/virtualMachines|Standard_D4s_v5': {
    category: 'Compute',
    line: 'D4s v5 Linux VM',
    monthly: 140.16,
    alternative: 0.38,
    alternativeName: RESERVED_3Y,
  },
  'Microsoft.Compute/virtualMachines|Standard_D8s_v5': {
    category: 'Compute',
    line: 'D8s v5 Linux VM',
    monthly: 280.32,
    alternative: 0.38,
    alternativeName: RESERVED_3Y,
  },
  'Microsoft.Compute/virtualMachines|Standard_B2ms': {
    category: 'Compute',
    line: 'B2ms Linux VM',
    monthly: 60.74,
    alternative: 0.39,
    alternativeName: RESERVED_3Y,
  },
  'Microsoft.Compute/virtualMachines|Standard_E4s_v5': {
    category: 'Compute',
    line: 'E4s v5 Linux VM',
    monthly: 183.96,
    alternative: 0.38,
    alternativeName: RESERVED_3Y,
  },
  'Microsoft.Compute/virtualMachines|Standard_F4s_v2': {
    category: 'Compute',
    line: 'F4s v2 Linux VM',
    monthly: 123.37,
    alternative: 0.41,
    alternativeName: RESERVED_3Y,
  },
  'Microsoft.Sql/servers/databases|GP_Gen5_2': {
    category: 'Databases',
    line: 'Azure SQL Database General Purpose 2 vCores',
    monthly: 370.04,
    alternative: 0.67,
    alternativeName: RESERVED_3Y,
  },
  'Microsoft.Sql/servers/databases|GP_Gen5_4': {
    category: 'Databases',
    line: 'Azure SQL Database General Purpose 4 vCores',
    monthly: 740.08,
    alternative: 0.67,
    alternativeName: RESERVED_3Y,
  },
  'Microsoft.Sql/servers/databases|BC_Gen5_4': {
    category: 'Databases',
    line: 'Azure SQL Database Business Critical 4 vCores',
    monthly: 1992.64,
    alternative: 0.67,
    alternativeName: RESERVED_3Y,
  },
  'Microsoft.Sql/servers/databases|S3': {
    category: 'Databases',
    line: 'Azure SQL Database S3',
    monthly: 147.19,
    alternative: 1,
    alternativeName: NOT_RESERVABLE,
  },
  'Microsoft.Sql/servers/databases|P1': {
    category: 'Databases',
    line: 'Azure SQL Database P1',
    monthly: 456.25,
    alternative: 1,
    alternativeName: NOT_RESERVABLE,
  },
  'Microsoft.Web/sites|P1v3': {
    category: 'Web',
    line: 'App Service P1v3 plan',
    monthly: 124.1,
    alternative: 0.45,
    alternativeName: RESERVED_3Y,
  },
  'Microsoft.Web/sites|P2v3': {
    category: 'Web',
    line: 'App Service P2v3 plan',
    monthly: 248.2,
    alternative: 0.45,
    alternativeName: RESERVED_3Y,
  },
  'Microsoft.Web/sites|S1': {
    category: 'Web',
    line: 'App Service S1 plan',
    monthly: 69.35,
    alternative: 1,
    alternativeName: NOT_RESERVABLE,
  },
  'Microsoft.Web/sites|B1': {
    category: 'Web',
    line: 'App Service B1 plan',
    monthly: 13.14,
    alternative: 1,
    alternativeName: NOT_RESERVABLE,
  },
};

/**
 * The pay-as-you-go price a month of one unit of `type`/`sku` in `location`, and a reservation's
 * price as a fraction of it: the table's 3-year fraction, and halfway between that and
 * pay-as-you-go for a 1-year term. Null when the table has no such SKU or region.
 */
export function reservationPricing(
  type: string,
  sku: string,
  location: string,
): { payAsYouGo: number; oneYear: number; threeYears: number } | null {
  const price = AZURE_PRICES[`${type}|${sku}`];
  const region = AZURE_REGIONS[location];
  if (!price || !region) return null;
  return {
    payAsYouGo: price.monthly * region.factor,
    oneYear: (1 + price.alternative) / 2,
    threeYears: price.alternative,
  };
}
