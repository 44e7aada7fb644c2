import type { DataRow } from '@cloudportal/core';

/** Sample release notes as the server answers them (newest release first): three versions, seven notes. */
export function sampleReleaseNotes(): DataRow[] {
  const note = (
    version: string,
    released: string,
    i: number,
    area: string,
    kind: string,
    title: string,
    description: string,
  ): DataRow => ({
    id: `rn-${version}-${i}`,
    version,
    released,
    area,
    kind,
    title,
    description,
  });
  return [
    note('1.7', '2025-07-01', 1, 'Portal', 'New', 'Release notes', 'What changed in each version of the portal.'),
    note('1.7', '2025-07-01', 2, 'Data', 'Improved', 'Larger exports', 'CSV exports stream up to a million rows.'),
    note(
      '1.7',
      '2025-07-01',
      3,
      'Reports',
      'Fixed',
      'Printing reports',
      'Printed reports no longer cut off the last page.',
    ),
    note(
      '1.6',
      '2025-05-20',
      1,
      'Security',
      'New',
      'Security alerts',
      'Microsoft Defender and Entra ID Protection alerts with acknowledge and resolve.',
    ),
    note(
      '1.6',
      '2025-05-20',
      2,
      'Assistant',
      'Fixed',
      'Month boundaries',
      'Questions about "last month" use calendar months in UTC.',
    ),
    note(
      '1.5',
      '2025-04-02',
      1,
      'Portal',
      'New',
      'Dark mode',
      'Follow the system theme or choose light or dark in the settings.',
    ),
    note(
      '1.5',
      '2025-04-02',
      2,
      'Portal',
      'Fixed',
      'Contrast of badges',
      'Status badges meet WCAG AA contrast in both themes.',
    ),
  ];
}
