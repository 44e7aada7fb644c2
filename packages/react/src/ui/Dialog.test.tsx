import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { Button } from './Button';
import { Dialog } from './Dialog';

function Harness({ dismissible = true, onClose = () => {} }: { dismissible?: boolean; onClose?: (r: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open settings</Button>
      <Dialog
        open={open}
        label="Settings"
        dismissible={dismissible}
        onClose={(reason) => {
          onClose(reason);
          setOpen(false);
        }}
      >
        <input aria-label="Name" />
        <Button onClick={() => setOpen(false)}>Done</Button>
      </Dialog>
    </>
  );
}

describe('Dialog primitive', () => {
  it('given a closed dialog, when it opens, then focus moves inside and the dialog is labelled', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(screen.getByRole('dialog', { name: 'Settings' })).toHaveAttribute('open');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await expectNoAxeViolations();
  });

  it('traps Tab and Shift+Tab inside the dialog', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open settings' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith('escape');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('returns focus when closed from inside', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open settings' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(opener).toHaveFocus();
  });

  it('closes on a backdrop click (a click on the dialog box itself)', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    fireEvent.click(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledWith('backdrop');
  });

  it('given dismissible false, Escape and backdrop leave it open', async () => {
    const onClose = vi.fn();
    render(<Harness dismissible={false} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    await userEvent.keyboard('{Escape}');
    fireEvent.click(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toHaveAttribute('open');
  });
});
