import { CONFIRM_ICONS } from '@cloudportal/core';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { renderWithClient } from '../testing/renderWithClient';
import { Button } from '../ui/Button';
import { usePortalClient } from '../provider/PortalProvider';
import dialogCss from '../ui/Dialog.css?inline';
import { ConfirmDialog } from './ConfirmDialog';
import { ConfirmHost } from './ConfirmHost';

const iconNames = {
  success: 'Success',
  warning: 'Warning',
  error: 'Error',
  info: 'Information',
  question: 'Question',
} as const;

describe('ConfirmDialog (spec §2)', () => {
  it.each(CONFIRM_ICONS)('shows the %s icon, title, text and confirm button, axe clean', async (icon) => {
    renderWithClient(
      <ConfirmDialog open data={{ icon, title: 'Delete view?', text: 'This cannot be undone.' }} onResult={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete view?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(screen.getByRole('img', { name: iconNames[icon] })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('shows no icon for an unknown icon name (spec §8)', () => {
    renderWithClient(<ConfirmDialog open data={{ icon: 'rocket' as never, title: 'Hi' }} onResult={() => {}} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('given showCancelButton and custom labels, it asks as an alert dialog with both buttons', async () => {
    const onResult = vi.fn();
    renderWithClient(
      <ConfirmDialog
        open
        data={{
          icon: 'warning',
          title: 'Leave page?',
          showCancelButton: true,
          confirmButtonText: 'Leave',
          cancelButtonText: 'Stay',
        }}
        onResult={onResult}
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Leave page?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(onResult).toHaveBeenLastCalledWith(false);
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(onResult).toHaveBeenLastCalledWith(true);
    await expectNoAxeViolations();
  });

  it('is 80% wide with at most 500 px (measured in Chromium by the e2e layer; jsdom has no layout)', () => {
    renderWithClient(<ConfirmDialog open data={{ title: 'Size' }} onResult={() => {}} />);
    expect(screen.getByRole('dialog')).toHaveClass('cp-dialog');
    expect(dialogCss).toMatch(/width: var\(--cp-dialog-width, 80%\)/);
    expect(dialogCss).toMatch(/max-width: var\(--cp-dialog-max-width, 500px\)/);
  });
});

describe('confirm() through <ConfirmHost> (spec §2)', () => {
  afterEach(() => vi.useRealTimers());

  function Opener({ onAnswer, timer }: { onAnswer: (r: unknown) => void; timer?: number }) {
    const client = usePortalClient();
    return (
      <Button
        onClick={() =>
          void client
            .confirm({ icon: 'question', title: 'Save changes?', showCancelButton: true, timer })
            .then(onAnswer)
        }
      >
        Save
      </Button>
    );
  }

  it('given a confirm, when the user confirms, then it resolves {result: true} and focus returns to the opener', async () => {
    const onAnswer = vi.fn();
    renderWithClient(
      <>
        <Opener onAnswer={onAnswer} />
        <ConfirmHost />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onAnswer).toHaveBeenCalledWith({ result: true });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('when the user presses Escape or Cancel, then it resolves null', async () => {
    const onAnswer = vi.fn();
    renderWithClient(
      <>
        <Opener onAnswer={onAnswer} />
        <ConfirmHost />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.keyboard('{Escape}');
    expect(onAnswer).toHaveBeenLastCalledWith(null);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onAnswer).toHaveBeenCalledTimes(2);
    expect(onAnswer).toHaveBeenLastCalledWith(null);
  });

  it('given a 3000 ms timer, it counts down visibly and resolves null when time is up', async () => {
    vi.useFakeTimers();
    const { client } = renderWithClient(<ConfirmHost />);
    let answer: unknown = 'pending';
    act(() => {
      void client.confirm({ icon: 'info', title: 'Session saved', timer: 3000 }).then((r) => (answer = r));
    });
    expect(screen.getByText('Closes in 3 s')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Time left before this dialog closes' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Closes in 2 s')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Closes in 1 s')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(answer).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('given a timer, a confirm before expiry wins', async () => {
    vi.useFakeTimers();
    const { client } = renderWithClient(<ConfirmHost />);
    let answer: unknown = 'pending';
    act(() => {
      void client.confirm({ title: 'Quick', timer: 3000 }).then((r) => (answer = r));
    });
    act(() => vi.advanceTimersByTime(1500));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'OK' })));
    await act(async () => vi.advanceTimersByTime(3000));
    expect(answer).toEqual({ result: true });
  });

  it('shows queued dialogs one after another', async () => {
    const { client } = renderWithClient(<ConfirmHost />);
    act(() => {
      void client.confirm({ title: 'First' });
      void client.confirm({ title: 'Second' });
    });
    expect(screen.getByRole('dialog', { name: 'First' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('dialog', { name: 'Second' })).toBeInTheDocument();
  });

  it('given a controlled dialog with a timer and no deadline, it closes itself', () => {
    vi.useFakeTimers();
    const onResult = vi.fn();
    renderWithClient(<ConfirmDialog open data={{ title: 'Auto', timer: 2000 }} onResult={onResult} />);
    act(() => vi.advanceTimersByTime(2000));
    expect(onResult).toHaveBeenCalledWith(false);
  });

  it('in dark mode, it stays axe clean and the theme switches on the document', async () => {
    const { client } = renderWithClient(<ConfirmHost />, { layout: { darkModeOn: true } });
    act(() => {
      void client.confirm({ icon: 'success', title: 'Dark', text: 'Theme tokens switch' });
    });
    expect(document.documentElement).toHaveAttribute('data-cp-theme', 'dark');
    await expectNoAxeViolations();
  });
});
