import { atom } from 'nanostores';
import type { MenuNode, PageDescription } from '../api/portal';
import type { SessionState } from '../auth/session';

/** A menu item for tests. */
export function item(name: string, over: Partial<MenuNode> = {}): MenuNode {
  return {
    uuid: `uuid-${name}`,
    name,
    displayName: name.replace(/-/g, ' '),
    description: '',
    icon: '',
    url: name,
    tabName: null,
    features: [],
    personas: [],
    tags: [],
    preview: false,
    assistanceSrc: null,
    children: [],
    ...over,
  };
}

/** Overview (home), Azure with a nested section, and Leavers opening a tab of Joiners' page. */
export const MENU: MenuNode[] = [
  item('overview', { tags: ['home'] }),
  item('azure', {
    children: [item('azure-subscriptions'), item('cost-management', { url: null, children: [item('azure-budgets')] })],
  }),
  item('joiners', { url: 'joiners-leavers', displayName: 'Joiners and leavers' }),
  item('leavers', { url: 'joiners-leavers', tabName: 'Leavers' }),
];

/** A tabbed page with a page video and one tab's own video. */
export function tabbedPage(id: string): PageDescription {
  return {
    id,
    type: 'tabbed',
    contents: [
      {
        name: 'Joiners',
        displayName: 'Joiners',
        description: 'New users',
        type: 'ui',
        assistanceSrc: null,
        componentClass: 'joiners',
        reportId: null,
      },
      {
        name: 'Leavers',
        displayName: 'Leavers',
        description: 'Departed users',
        type: 'ui',
        assistanceSrc: '/videos/embed/leavers',
        componentClass: 'leavers',
        reportId: null,
      },
      {
        name: 'Cost by Region',
        displayName: 'Cost by Region',
        description: 'A report',
        type: 'report',
        assistanceSrc: null,
        componentClass: null,
        reportId: 'azure-cost-analysis',
      },
    ],
    componentClass: null,
    reportId: null,
    pbiReportPageFilter: [],
    assistanceSrc: '/videos/embed/people',
    error: null,
  };
}

/** A `ui` page. */
export function uiPage(id: string, componentClass = id): PageDescription {
  return {
    id,
    type: 'ui',
    contents: [],
    componentClass,
    reportId: null,
    pbiReportPageFilter: [],
    assistanceSrc: null,
    error: null,
  };
}

/** A signed-in session with the given personas. */
export function signedIn(personas: string[] = ['Finance', 'IT']) {
  return atom<SessionState>({
    status: 'authenticated',
    identity: null,
    claims: { sub: 'u', tid: 't', personas, features: [], utype: [], d: false },
  } as SessionState);
}
