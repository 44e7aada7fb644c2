import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import axe from 'axe-core';
import { GuidanceDialog, VideoFrame } from './GuidanceDialog';
import { SUBSCRIPTIONS_VIDEO } from './testing/fakePortal';
import { disposeShellClients, renderShell } from './testing/renderShell';

afterEach(disposeShellClients);

/**
 * axe without descending into frames: in vitest's jsdom a frame's parent is not the test's
 * `window`, so axe's frame messaging throws (and jsdom never loads a frame's page anyway).
 */
async function expectNoAxeViolationsOutsideFrames() {
  const results = await axe.run(document, {
    iframes: false,
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

describe('GuidanceDialog', () => {
  it('given a page with guidance, when the guidance is opened, then the dialog is titled by the page and plays its video, and Close closes it', async () => {
    const user = userEvent.setup();
    const { shell } = await renderShell(<GuidanceDialog />, { path: '/billing/subscriptions' });
    await waitFor(() => expect(shell.page.$guidance.get().src).toBe(SUBSCRIPTIONS_VIDEO));
    act(() => shell.openGuidance());
    const dialog = await screen.findByRole('dialog', { name: 'Subscriptions' });
    expect(within(dialog).getByRole('heading', { name: 'Subscriptions' })).toBeVisible();
    expect(within(dialog).getByTitle('Video: Subscriptions')).toHaveAttribute('src', SUBSCRIPTIONS_VIDEO);
    await expectNoAxeViolationsOutsideFrames();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(shell.$dialog.get()).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('given a page without guidance, when the guidance is asked for, then no dialog opens', async () => {
    const { shell } = await renderShell(<GuidanceDialog />, { path: '/billing/security' });
    await waitFor(() => expect(shell.page.$page.get().status).toBe('loaded'));
    act(() => shell.openGuidance());
    expect(shell.$dialog.get()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    'data:text/html,<script>parent.alert(1)</script>',
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'vbscript:msgbox(1)',
    'http://video.example/embed/1',
  ])('given a guidance address %s, then no frame is made and a note says the video cannot be shown', (src) => {
    const { container } = render(<VideoFrame src={src} title="Costs" />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent(
      'This video cannot be shown: its address is not an allowed video page.',
    );
  });

  it('given our own video page or an https page, then it is framed', () => {
    const { container, rerender } = render(<VideoFrame src="/videos/embed/costs" title="Costs" />);
    expect(container.querySelector('iframe')).toHaveAttribute('src', '/videos/embed/costs');
    rerender(<VideoFrame src="https://www.youtube-nocookie.com/embed/abc" title="Costs" />);
    expect(container.querySelector('iframe')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/abc');
  });
});
