import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';
import { DataGrid } from './DataGrid';
import { Grid } from './testing/dataGridStory';

/**
 * A data grid for large datasets: rows load in blocks as the user scrolls, the column headers sort
 * on the server, and the arrow keys move from cell to cell. Feature pages get it inside `DatasetPage`,
 * with the toolbar and the key figures.
 */
const meta = {
  title: 'Kit/Data grid',
  // The pseudo-locale sweep: the grid's name is its caller's.
  parameters: { pseudoLocale: { fixed: '.cp-grid' } },
  component: Grid,
  subcomponents: { DataGrid },
  args: { rows: 100_000, height: 420 },
} satisfies Meta<typeof Grid>;

export default meta;
type Story = StoryObj<typeof meta>;

const WAIT = { timeout: 5000 };

/** 100,000 rows: only the visible window is rendered, blocks of 100 are asked for as you scroll. */
export const HundredThousandRows: Story = {
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole('grid', { name: 'Recommendations' });
    await within(grid).findByRole('gridcell', { name: 'Resize underused virtual machine 1' }, WAIT);
    await expect(grid).toHaveAttribute('aria-rowcount', '100001');
  },
};

/** The keyboard: Tab into the grid, then arrows move the active cell. */
export const Keyboard: Story = {
  args: { rows: 300 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('gridcell', { name: 'Resize underused virtual machine 1' }, WAIT);
    await userEvent.click(canvas.getByRole('button', { name: 'Recommendation' }));
    await userEvent.keyboard('{ArrowDown}{ArrowRight}');
    await expect(canvasElement.ownerDocument.activeElement).toHaveAttribute('aria-colindex', '2');
  },
};

/** Dark mode. */
export const Dark: Story = {
  args: { rows: 500 },
  parameters: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('gridcell', { name: 'Resize underused virtual machine 1' }, WAIT);
  },
};
