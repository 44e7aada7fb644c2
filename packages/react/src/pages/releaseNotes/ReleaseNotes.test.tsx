import { createPortalClient, type PortalClient } from '@cloudportal/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { fakeDataFetch, type FakeDataOptions } from '../../kit/testing/fakeData';
import { PortalProvider } from '../../provider/PortalProvider';
import { isolatedTabs } from '../../testing/fakeApi';
import ReleaseNotes from './ReleaseNotes';
import { sampleReleaseNotes } from './testing';

const clients: PortalClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

function setup(options: FakeDataOptions, locale?: string) {
  const fetch = fakeDataFetch(options);
  const client = createPortalClient({ fetch, storage: {}, crossTab: isolatedTabs, locale });
  clients.push(client);
  const view = render(
    <PortalProvider client={client}>
      <ReleaseNotes />
    </PortalProvider>,
  );
  return { ...view, fetch, user: userEvent.setup() };
}

describe('the release notes page (spec §2: a feature page opened by component name)', () => {
  it('shows one article per version, newest first, with its notes, kinds and areas', async () => {
    const { container, fetch } = setup({ rows: { releaseNotes: sampleReleaseNotes() } });
    const region = screen.getByRole('region', { name: 'Release notes' });
    const articles = await within(region).findAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Version 1.7 — Jul 1, 2025',
      'Version 1.6 — May 20, 2025',
      'Version 1.5 — Apr 2, 2025',
    ]);
    const notes = within(articles[0]!).getAllByRole('listitem');
    expect(notes).toHaveLength(3);
    expect(notes[0]).toHaveTextContent('NewRelease notesPortal');
    expect(notes[2]).toHaveTextContent('Fixed');
    expect(fetch.pages()[0]?.get('sort')).toBe('released:desc');
    await expectNoAxeViolations(container);
  });

  it('given a German client (issue 24 §2), then each release day is written in German', async () => {
    setup({ rows: { releaseNotes: sampleReleaseNotes() } }, 'de');
    const region = await screen.findByRole('region', { name: 'Versionshinweise' });
    const articles = await within(region).findAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Version 1.7 vom 01.07.2025',
      'Version 1.6 vom 20.05.2025',
      'Version 1.5 vom 02.04.2025',
    ]);
  });

  it('narrows the notes to one area', async () => {
    const { user } = setup({ rows: { releaseNotes: sampleReleaseNotes() } });
    await screen.findAllByRole('article');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Area' }), 'Portal');
    const articles = screen.getAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Version 1.7 — Jul 1, 2025',
      'Version 1.5 — Apr 2, 2025',
    ]);
    expect(screen.getAllByRole('listitem').every((li) => li.textContent?.includes('Portal'))).toBe(true);
  });

  it('says so when there are no notes', async () => {
    setup({ rows: { releaseNotes: [] } });
    expect(await screen.findByText('No release notes yet')).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows the failure with a Retry that loads again', async () => {
    const options: FakeDataOptions = { rows: { releaseNotes: sampleReleaseNotes() }, status: 500 };
    const { user } = setup(options);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The release notes could not be loaded');
    delete options.status;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('article')).toHaveLength(3);
  });

  it('shows a loading status first', async () => {
    setup({ rows: { releaseNotes: sampleReleaseNotes() }, delayMs: 50 });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the release notes');
    expect(await screen.findAllByRole('article')).toHaveLength(3);
  });
});
