import { describe, expect, it } from 'vitest';
import { TOAST_TIMEOUT_MS, TOOLTIP_DELAY_MS } from './constants';
import { isToastEmpty, toastKind, toastRole } from './toasts';

describe('spec §8–9 toast rules', () => {
  it('times toasts out after 3000 ms', () => {
    expect(TOAST_TIMEOUT_MS).toBe(3000);
  });

  it('keeps known kinds and falls back to info for unknown ones', () => {
    expect(toastKind('error')).toBe('error');
    expect(toastKind('success')).toBe('success');
    expect(toastKind('warning')).toBe('warning');
    expect(toastKind('danger')).toBe('info');
    expect(toastKind(undefined)).toBe('info');
  });

  it('announces errors as alerts and the rest as status', () => {
    expect(toastRole('error')).toBe('alert');
    expect(toastRole('success')).toBe('status');
    expect(toastRole('info')).toBe('status');
    expect(toastRole('warning')).toBe('status');
  });

  it('treats a toast with neither title nor text as empty', () => {
    expect(isToastEmpty(undefined, undefined)).toBe(true);
    expect(isToastEmpty('  ', '\n')).toBe(true);
    expect(isToastEmpty('Saved', undefined)).toBe(false);
    expect(isToastEmpty(undefined, 'text')).toBe(false);
  });
});

describe('spec §9 tooltip delays', () => {
  it('are 1000 ms for chat, 500 ms for navbar and filter button, 1500 ms for the drag button', () => {
    expect(TOOLTIP_DELAY_MS).toEqual({ chat: 1000, navbar: 500, filterButton: 500, dragButton: 1500 });
  });
});
