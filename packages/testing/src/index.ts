/**
 * @cloudportal/testing — a Power BI embed emulator for tests and offline demos. Node-side entry: no
 * DOM at import time. The frame itself is built to `dist/emulator/` (`@cloudportal/testing/emulator/*`).
 */
export type {
  AdvancedConditionOperator,
  AdvancedFilter,
  AdvancedFilterCondition,
  Aggregation,
  BasicFilter,
  CellValue,
  DatasetDefinition,
  EmulationScript,
  EmulatorFailure,
  EmulatorError,
  EmulatorEventName,
  EmulatorFilter,
  FilterTarget,
  OtherFilter,
  PageDefinition,
  ReportDefinition,
  ScriptedEvent,
  ValueFormat,
  VisualDefinition,
  VisualType,
} from './definition';
export { EMULATOR_FAIL_KEY, ErrorCodes, TraceLevel } from './definition';
export {
  describeFilter,
  filterRows,
  FiltersOperation,
  normaliseFilter,
  normaliseFilters,
  updateFilters,
} from './filters';
export { decodeBookmarkState, encodeBookmarkState, fakeAccessToken, tokenExpiry, type BookmarkState } from './state';
export { EMULATOR_FILES, emulatorDir, emulatorFile } from './files';
export { FIXTURE_REPORTS, SALES_REPORT, TICKETS_REPORT } from './fixtures';
export { routePowerBiEmulator, type PowerBiEmulatorRoutes, type RoutePowerBiEmulatorOptions } from './playwright';
