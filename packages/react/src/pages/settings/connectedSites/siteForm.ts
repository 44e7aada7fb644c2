import type { ConnectedSite, ConnectedSiteInput, SitePieces } from '@cloudportal/core';

/** The connected site form as typed: origins one per line, lists separated by commas. */
export interface SiteFormState {
  name: string;
  origins: string;
  assistant: boolean;
  search: boolean;
  feedback: boolean;
  savedViews: boolean;
  pagesAll: boolean;
  pages: string;
  reportsAll: boolean;
  reports: string;
  jwksUrl: string;
  publicKey: string;
}

/** A new site's form: every piece, every page and report. */
export const NEW_SITE: SiteFormState = {
  name: '',
  origins: '',
  assistant: true,
  search: true,
  feedback: true,
  savedViews: true,
  pagesAll: true,
  pages: '',
  reportsAll: true,
  reports: '',
  jwksUrl: '',
  publicKey: '',
};

const list = (all: boolean, text: string): 'all' | string[] =>
  all
    ? 'all'
    : text
        .split(/[\s,]+/)
        .map((item) => item.trim())
        .filter(Boolean);

/** The form of a stored site. */
export function siteForm(site: ConnectedSite): SiteFormState {
  const { pieces } = site;
  return {
    name: site.name,
    origins: site.origins.join('\n'),
    assistant: pieces.assistant,
    search: pieces.search,
    feedback: pieces.feedback,
    savedViews: pieces.savedViews,
    pagesAll: pieces.pages === 'all',
    pages: pieces.pages === 'all' ? '' : pieces.pages.join(', '),
    reportsAll: pieces.reports === 'all',
    reports: pieces.reports === 'all' ? '' : pieces.reports.join(', '),
    jwksUrl: site.jwksUrl ?? '',
    publicKey: site.publicKey ?? '',
  };
}

/** What the form sends: blank origin lines dropped, lists split, optional keys null when blank. */
export function siteInput(form: SiteFormState, enabled?: boolean): ConnectedSiteInput {
  const pieces: SitePieces = {
    assistant: form.assistant,
    search: form.search,
    feedback: form.feedback,
    savedViews: form.savedViews,
    pages: list(form.pagesAll, form.pages),
    reports: list(form.reportsAll, form.reports),
  };
  return {
    name: form.name.trim(),
    origins: form.origins
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    pieces,
    jwksUrl: form.jwksUrl.trim() || null,
    publicKey: form.publicKey.trim() || null,
    ...(enabled === undefined ? {} : { enabled }),
  };
}
