import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_DELAY_MS } from '@cloudportal/core';
import { expectNoAxeViolations } from '#test/axe';
import { Button } from './Button';
import { Icon } from './Icon';
import { ProgressBar } from './ProgressBar';
import { Skeleton } from './Skeleton';
import { Tooltip } from './Tooltip';

describe('Button', () => {
  it('renders each variant as a button that does not submit forms', async () => {
    render(
      <>
        <Button variant="primary">Save</Button>
        <Button>Cancel</Button>
        <Button variant="icon" aria-label="Close">
          <Icon name="close" />
        </Button>
      </>,
    );
    for (const name of ['Save', 'Cancel', 'Close'])
      expect(screen.getByRole('button', { name })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('data-variant', 'primary');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('data-variant', 'secondary');
    await expectNoAxeViolations();
  });
});

describe('Tooltip (spec §9 delays)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['navbar', TOOLTIP_DELAY_MS.navbar],
    ['chat', TOOLTIP_DELAY_MS.chat],
    ['drag button', TOOLTIP_DELAY_MS.dragButton],
  ])('given the %s delay, the tooltip shows only after %i ms of hover', (_name, delay) => {
    render(
      <Tooltip content="Toggle Filter" delay={delay}>
        <Button>Filters</Button>
      </Tooltip>,
    );
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Filters' }));
    act(() => vi.advanceTimersByTime(delay - 1));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Toggle Filter');
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAccessibleDescription('Toggle Filter');
    fireEvent.pointerLeave(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows on keyboard focus and hides on Escape', () => {
    render(
      <Tooltip content="Assistant" delay={500}>
        <Button variant="icon" aria-label="Assistant">
          <Icon name="info" />
        </Button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'Assistant' });
    act(() => trigger.focus());
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

describe('ProgressBar', () => {
  it('is determinate with a value and indeterminate without one', async () => {
    render(
      <>
        <ProgressBar label="Upload" value={0.42} />
        <ProgressBar label="Loading" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Upload' })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByRole('progressbar', { name: 'Loading' })).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toHaveAttribute('data-state', 'indeterminate');
    await expectNoAxeViolations();
  });

  it('clamps the value to 0–100 %', () => {
    render(<ProgressBar label="Over" value={3} />);
    expect(screen.getByRole('progressbar', { name: 'Over' })).toHaveAttribute('aria-valuenow', '100');
  });
});

describe('Skeleton', () => {
  it('is hidden from assistive technology unless it carries a label', async () => {
    const { container } = render(
      <>
        <Skeleton width={120} />
        <Skeleton label="Loading history" shape="rect" height={40} />
      </>,
    );
    expect(container.querySelectorAll('.cp-skeleton[aria-hidden="true"]')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Loading history');
    await expectNoAxeViolations();
  });
});

describe('Icon', () => {
  it('renders nothing for an unknown name (spec §8 "Icons")', () => {
    const { container } = render(<Icon name="rocket" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('is decorative without a label and an image with one', () => {
    render(
      <>
        <Icon name="success" />
        <Icon name="warning" label="Warning" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Warning' })).toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });
});
