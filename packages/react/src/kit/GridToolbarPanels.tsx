import {
  columnLabel,
  optionLabel,
  type DataColumn,
  type DataFilter,
  type DataGridState,
  type DataGridStore,
} from '@cloudportal/core';
import { useId, type KeyboardEvent } from 'react';
import { useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { percentInput } from './gridText';

/** The Filters panel: a control per column the user may filter (the page's fixed filters are not offered). */
export function FiltersPanel({
  id,
  store,
  columns,
  state,
}: {
  id: string;
  store: DataGridStore;
  columns: readonly DataColumn[];
  state: DataGridState;
}) {
  const t = useT();
  return (
    <div id={id} role="group" aria-label={t('grid.filters')} className="cp-grid-toolbar__panel">
      {columns.map((column) => (
        <FilterControl
          key={column.id}
          column={column}
          store={store}
          filters={state.filters}
          visible={state.columns.includes(column.id)}
        />
      ))}
    </div>
  );
}

/** The column chooser: a checkbox per column (the last visible one cannot be hidden) and Reset. */
export function ColumnChooser({
  id,
  store,
  columns,
}: {
  id: string;
  store: DataGridStore;
  columns: readonly string[];
}) {
  const t = useT();
  return (
    <fieldset id={id} className="cp-grid-toolbar__panel">
      <legend>{t('grid.columns')}</legend>
      {store.def.columns.map((column) => (
        <label key={column.id} className="cp-grid-toolbar__check">
          <input
            type="checkbox"
            checked={columns.includes(column.id)}
            disabled={columns.length === 1 && columns.includes(column.id)}
            onChange={(e) => store.setColumnVisible(column.id, e.target.checked)}
          />
          {columnLabel(t, store.dataset, column)}
        </label>
      ))}
      <Button onClick={() => store.resetColumns()}>{t('grid.columns.reset')}</Button>
    </fieldset>
  );
}

/** How a range filter's value is typed and sent: percents as typed percent, sent as fractions; date-times by day. */
const RANGE_INPUT = {
  number: { type: 'number', toInput: (v: string) => v, fromInput: (v: string) => v },
  currency: { type: 'number', toInput: (v: string) => v, fromInput: (v: string) => v },
  percent: {
    type: 'number',
    toInput: percentInput,
    fromInput: (v: string) => (v === '' || Number.isNaN(Number(v)) ? v : String(Math.round(Number(v) * 1e4) / 1e6)),
  },
  date: { type: 'date', toInput: (v: string) => v, fromInput: (v: string) => v },
  // A day's end is its last millisecond, so "to 12 Jul" keeps every alert of the 12th.
  datetime: {
    type: 'date',
    toInput: (v: string) => v.slice(0, 10),
    fromInput: (v: string, op: 'gte' | 'lte') =>
      v === '' ? v : op === 'gte' ? `${v}T00:00:00.000Z` : `${v}T23:59:59.999Z`,
  },
} as const;

/**
 * The filter control of one column: a choice for enum and boolean, contains for text (visible
 * columns), a from–to range for numbers, amounts, percents and dates.
 */
function FilterControl({
  column,
  store,
  filters,
  visible,
}: {
  column: DataColumn;
  store: DataGridStore;
  filters: readonly DataFilter[];
  visible: boolean;
}) {
  const t = useT();
  const id = useId();
  const name = columnLabel(t, store.dataset, column);
  const value = (op: DataFilter['op']) => {
    const found = filters.find((f) => f.id === column.id && f.op === op)?.value;
    return typeof found === 'string' ? found : '';
  };
  // Text and numbers apply on Enter or when the field is left, not on every key.
  const apply = (
    op: 'contains' | 'gte' | 'lte',
    toInput: (v: string) => string = (v) => v,
    fromInput: (v: string) => string = (v) => v,
  ) => {
    const set = (typed: string) =>
      fromInput(typed.trim()) !== value(op) && store.setFilter({ id: column.id, op, value: fromInput(typed.trim()) });
    return {
      defaultValue: toInput(value(op)),
      key: `${op}:${value(op)}`,
      onBlur: (e: { currentTarget: HTMLInputElement }) => set(e.currentTarget.value),
      onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => e.key === 'Enter' && set(e.currentTarget.value),
    };
  };
  if (column.type === 'enum' || column.type === 'boolean') {
    const options =
      column.type === 'boolean'
        ? [
            ['true', t('grid.yes')],
            ['false', t('grid.no')],
          ]
        : (column.options ?? []).map((o) => [o, optionLabel(t, store.dataset, column, o)]);
    return (
      <span className="cp-grid-toolbar__field">
        <label htmlFor={id}>{name}</label>
        <select
          id={id}
          value={value('eq')}
          onChange={(e) => store.setFilter({ id: column.id, op: 'eq', value: e.target.value })}
        >
          <option value="">{t('grid.filter.any')}</option>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      </span>
    );
  }
  if (column.type === 'text' && visible) {
    const { key, ...rest } = apply('contains');
    return (
      <span className="cp-grid-toolbar__field">
        <label htmlFor={id}>{t('grid.filter.contains', { column: name })}</label>
        <input key={key} id={id} type="text" {...rest} />
      </span>
    );
  }
  if (column.type === 'text') return null;
  const input = RANGE_INPUT[column.type];
  const { key: fromKey, ...from } = apply('gte', input.toInput, (v) => input.fromInput(v, 'gte'));
  const { key: toKey, ...to } = apply('lte', input.toInput, (v) => input.fromInput(v, 'lte'));
  const numeric = input.type === 'number';
  return (
    <>
      <span className="cp-grid-toolbar__field">
        <label htmlFor={`${id}-from`}>{t('grid.filter.min', { column: name })}</label>
        <input
          key={fromKey}
          id={`${id}-from`}
          type={input.type}
          inputMode={numeric ? 'decimal' : undefined}
          {...from}
        />
      </span>
      <span className="cp-grid-toolbar__field">
        <label htmlFor={`${id}-to`}>{t('grid.filter.max', { column: name })}</label>
        <input key={toKey} id={`${id}-to`} type={input.type} inputMode={numeric ? 'decimal' : undefined} {...to} />
      </span>
    </>
  );
}
