/** A cell of the grid: row 0 is the header row, data row `i` (0-based) is row `i + 1`. */
export interface GridPosition {
  row: number;
  col: number;
}

/** What the keys move within: the last row and column, and the rows one page holds. */
export interface GridBounds {
  lastRow: number;
  lastCol: number;
  pageRows: number;
}

/**
 * Where a key moves the active cell (WAI-ARIA grid pattern): arrows by one cell, Home/End to the
 * row's first/last cell, Ctrl+Home/End to the first data row's first cell and the last row's last
 * cell, PageUp/PageDown by the rows one screen shows. Null when the key does not move.
 */
export function nextGridPosition(
  at: GridPosition,
  key: string,
  ctrl: boolean,
  bounds: GridBounds,
): GridPosition | null {
  const clampRow = (row: number) => Math.max(0, Math.min(bounds.lastRow, row));
  const clampCol = (col: number) => Math.max(0, Math.min(bounds.lastCol, col));
  switch (key) {
    case 'ArrowDown':
      return { row: clampRow(at.row + 1), col: at.col };
    case 'ArrowUp':
      return { row: clampRow(at.row - 1), col: at.col };
    case 'ArrowRight':
      return { row: at.row, col: clampCol(at.col + 1) };
    case 'ArrowLeft':
      return { row: at.row, col: clampCol(at.col - 1) };
    case 'Home':
      return ctrl ? { row: Math.min(1, bounds.lastRow), col: 0 } : { row: at.row, col: 0 };
    case 'End':
      return ctrl ? { row: bounds.lastRow, col: bounds.lastCol } : { row: at.row, col: bounds.lastCol };
    case 'PageDown':
      return { row: clampRow(at.row + bounds.pageRows), col: at.col };
    case 'PageUp':
      return { row: clampRow(at.row === 0 ? 0 : Math.max(1, at.row - bounds.pageRows)), col: at.col };
    default:
      return null;
  }
}
