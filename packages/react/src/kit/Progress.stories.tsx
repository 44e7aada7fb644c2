import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { Progress } from './Progress';

/**
 * Progress against a budget or a commitment: the amount spent, the forecast and the target, and the
 * standing in words (under, near or over budget). Used on budget and commitment pages where a bar
 * says more than a chart.
 */
const meta = {
  title: 'Kit/Progress',
  // The pseudo-locale sweep: a meter's label is its caller's (a budget's name).
  parameters: { pseudoLocale: { fixed: '.cp-meter__label' } },
  component: Progress,
  args: { label: 'Production budget', actual: 4200, target: 10000, forecast: 8800, currency: 'USD' },
} satisfies Meta<typeof Progress>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Under budget, forecast within it. */
export const Under: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('meter', { name: 'Production budget' })).toHaveAttribute(
      'aria-valuetext',
      '$4,200.00 of $10,000.00 (42%), forecast $8,800.00: within budget',
    );
  },
};

/** Near the budget (80% and more). */
export const Near: Story = {
  args: { actual: 8600, forecast: 9700 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('near budget')).toBeInTheDocument();
  },
};

/** The forecast passes the budget before the spending does. */
export const ForecastOver: Story = {
  args: { actual: 8200, forecast: 11300 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('forecast over budget')).toBeInTheDocument();
  },
};

/** Over budget. */
export const Over: Story = {
  args: { actual: 12500, forecast: 14100 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('over budget')).toBeInTheDocument();
  },
};

/** A commitment (MACC): falling short is what needs a look. */
export const Commitment: Story = {
  args: {
    label: 'Azure consumption commitment',
    goal: 'commitment',
    actual: 640_000,
    target: 1_000_000,
    forecast: 1_060_000,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('on track to meet the commitment')).toBeInTheDocument();
  },
};

/** Dark mode: the tones come from the dark tokens. */
export const Dark: Story = {
  args: { actual: 12500, forecast: 14100 },
  parameters: { theme: 'dark' },
};
