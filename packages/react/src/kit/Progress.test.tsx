import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { renderWithClient } from '../testing/renderWithClient';
import { Progress } from './Progress';

describe('Progress (issue 13)', () => {
  it('given a budget whose forecast passes it, then the meter reads the amounts and the standing, and is axe clean', async () => {
    render(<Progress label="Production budget" actual={8200} target={10000} forecast={11300} />);
    const meter = screen.getByRole('meter', { name: 'Production budget' });
    expect(meter).toHaveAttribute(
      'aria-valuetext',
      '$8,200.00 of $10,000.00 (82%), forecast $11,300.00: forecast over budget',
    );
    expect(meter).toHaveAttribute('aria-valuenow', '8200');
    expect(screen.getByText('forecast over budget')).toBeVisible();
    expect(screen.getByText('$8,200.00 of $10,000.00 (82%), forecast $11,300.00')).toBeVisible();
    expect(meter.closest('.cp-meter')).toHaveAttribute('data-state', 'near');
    expect(meter.closest('.cp-meter')).toHaveAttribute('data-tone', 'warning');
    await expectNoAxeViolations();
  });

  it('given amounts under, near and over the budget, then each says where it stands', () => {
    render(
      <>
        <Progress label="Under" actual={3000} target={10000} />
        <Progress label="Near" actual={9100} target={10000} currency="EUR" />
        <Progress label="Over" actual={12500} target={10000} />
      </>,
    );
    expect(screen.getByRole('meter', { name: 'Under' })).toHaveAttribute(
      'aria-valuetext',
      '$3,000.00 of $10,000.00 (30%): within budget',
    );
    expect(screen.getByRole('meter', { name: 'Near' })).toHaveAttribute(
      'aria-valuetext',
      '€9,100.00 of €10,000.00 (91%): near budget',
    );
    const over = screen.getByRole('meter', { name: 'Over' });
    expect(over).toHaveAttribute('aria-valuetext', '$12,500.00 of $10,000.00 (125%): over budget');
    // The scale reaches the overrun, so the target's tick sits inside the bar.
    expect(over).toHaveAttribute('aria-valuemax', '12500');
    expect(over.closest('.cp-meter')).toHaveAttribute('data-tone', 'danger');
  });

  it('given a commitment, then falling short is what needs a look', () => {
    render(
      <Progress label="Azure commitment" goal="commitment" actual={600_000} target={1_000_000} forecast={920_000} />,
    );
    expect(screen.getByRole('meter', { name: 'Azure commitment' })).toHaveAttribute(
      'aria-valuetext',
      '$600,000.00 of $1,000,000.00 (60%), forecast $920,000.00: behind the commitment',
    );
    expect(screen.getByText('behind the commitment')).toBeVisible();
  });
});

describe('Progress in the active locale (issue 24 §2)', () => {
  it('given a German client, then the amounts and the share are written the German way, and German words', async () => {
    const { client } = renderWithClient(<Progress label="Budget" actual={8200} target={10000} />, {
      locale: 'de',
      storage: {},
    });
    const meter = screen.getByRole('meter', { name: 'Budget' });
    await waitFor(() =>
      expect(meter.getAttribute('aria-valuetext')).toMatch(/^8\.200,00\u00a0\$ .* 10\.000,00\u00a0\$ \(82\u00a0%\)/),
    );
    client.dispose();
  });
});
