/**
 * What the operations datasets' seeds share: the tenants as the generators see them, the people who
 * act on alerts, and small helpers.
 */

import { demoTenants, TENANT } from '../../seed/tenants';

/** A minute in milliseconds. */
export const MINUTE = 60_000;

/** The people who act on a tenant's alerts and own its rules. */
export const PEOPLE: Readonly<Record<string, readonly string[]>> = {
  [TENANT.contoso]: ['Ada Lovelace', 'Farid Khan', 'Jonas Weber', 'Mona Patel'],
  [TENANT.fabrikam]: ['Max Mustermann', 'Paula Schmidt'],
  [TENANT.northwind]: ['Eve Adams'],
  [TENANT.litware]: ['Sam Taylor'],
  [TENANT.wingtip]: ['Mia Multi'],
};

/** The people of a tenant ('Administrator' where none are listed). */
export const peopleOf = (tenantId: string) => PEOPLE[tenantId] ?? ['Administrator'];

/**
 * A tenant as the generators see it: its licence modules (active or not: the pages filter by
 * licence) and mail domain.
 */
export interface OpsTenant {
  tenantId: string;
  modules: readonly ('azure' | 'm365')[];
  domain: string;
  /** Contoso is the large tenant. */
  large: boolean;
}

/** Every demo tenant, as the generators see it. */
export const opsTenants = (): OpsTenant[] =>
  demoTenants.map((t) => ({
    tenantId: t.id,
    modules: [...new Set(t.licenses.map((l) => l.module))].filter(
      (m): m is 'azure' | 'm365' => m === 'azure' || m === 'm365',
    ),
    domain: `${t.displayName.split(' ')[0]!.toLowerCase()}.example`,
    large: t.id === TENANT.contoso,
  }));

/** A moment (milliseconds) as an ISO date-time. */
export const iso = (ms: number) => new Date(ms).toISOString();

/** A name as an id: lower case, words joined by '-'. */
export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
