import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { ChartSkeleton } from './ChartSkeleton';

describe('ChartSkeleton (issue 42 §5: nothing moves when the chart arrives)', () => {
  it("given a chart still loading, then its place shows the chart's title and tells a screen reader it loads, holds the table button's line without offering it, and is axe clean", async () => {
    const { container } = render(<ChartSkeleton title="Cost by offer" height={200} label="Loading Cost by offer" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Cost by offer');
    expect(screen.getByText('Cost by offer')).toHaveAttribute('aria-hidden', 'true');
    // The chart's own box and drawing height, so the figure that replaces it is the same size.
    const box = container.querySelector('.cp-chart') as HTMLElement;
    expect(box.style.getPropertyValue('--cp-chart-height')).toBe('200px');
    // The button's line is kept by a placeholder no one can reach.
    expect(screen.queryByRole('button')).toBeNull();
    const placeholder = container.querySelector('.cp-chart__toggle--placeholder') as HTMLButtonElement;
    expect(placeholder).toBeDisabled();
    expect(placeholder.tabIndex).toBe(-1);
    await expectNoAxeViolations(container);
  });
});
