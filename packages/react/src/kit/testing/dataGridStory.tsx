import { createDataGridStore } from '@cloudportal/core';
import { useState } from 'react';
import { DataGrid } from '../DataGrid';
import { memoryDataApi } from './memoryData';

// A story's component lives outside its stories file so that it is exported: the docs' props table
// (react-docgen) documents exported components only, and names the others by their minified name.

/** Props of {@link Grid}. */
export interface GridStoryProps {
  /** How many rows the grid holds. */
  rows: number;
  /** The grid's height in px. */
  height: number;
}

/** A grid over `rows` in-memory recommendations, sorted outside React as the server would. */
export function Grid({ rows, height }: GridStoryProps) {
  const [store] = useState(() => createDataGridStore(memoryDataApi(rows), 'recommendations'));
  return <DataGrid store={store} label="Recommendations" height={height} />;
}
