import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { renderWithClient } from '../testing/renderWithClient';
import { Toaster } from './Toaster';

describe('Toaster (spec §8 toasts)', () => {
  afterEach(() => vi.useRealTimers());

  it('given a toast, it shows title and text, and is gone after 3000 ms', () => {
    vi.useFakeTimers();
    const { client } = renderWithClient(<Toaster />);
    act(() => {
      client.toast({
        title: 'Thank you',
        text: 'Your feedback has been submitted and will be reviewed by our team.',
        kind: 'success',
      });
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByRole('status')).toHaveTextContent('Thank you');
    expect(within(region).getByRole('status')).toHaveTextContent(
      'Your feedback has been submitted and will be reviewed by our team.',
    );
    act(() => vi.advanceTimersByTime(2999));
    expect(within(region).queryByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(within(region).queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows errors in the danger style, announced as alerts', async () => {
    const { client } = renderWithClient(<Toaster />);
    act(() => {
      client.toast({ title: 'Permission not granted', kind: 'error' });
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Permission not granted');
    expect(alert).toHaveAttribute('data-kind', 'error');
    await expectNoAxeViolations();
  });

  it('stacks several toasts in order', async () => {
    const { client } = renderWithClient(<Toaster />);
    act(() => {
      client.toast({ title: 'View Saved', kind: 'success' });
      client.toast({ title: 'Onboarding is disabled', kind: 'error' });
      client.toast({ title: 'Terms and Conditions accepted.', kind: 'info' });
    });
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual([
      'View Saved',
      'Terms and Conditions accepted.',
    ]);
    expect(screen.getAllByRole('status', { hidden: false }).length + screen.getAllByRole('alert').length).toBe(3);
    await expectNoAxeViolations();
  });

  it('can be dismissed by keyboard before it times out', async () => {
    const { client } = renderWithClient(<Toaster />);
    act(() => {
      client.toast({ title: 'Chat renamed successfully', kind: 'success' });
    });
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Dismiss notification' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
