import { describe, expect, it } from 'vitest';
import { CONFIRM_ICONS, CONFIRMED, confirmIcon, confirmTimer, secondsLeft, timeLeftRatio } from './confirm';

describe('spec §2 confirmation dialog rules', () => {
  it('offers exactly the five icons of the spec', () => {
    expect(CONFIRM_ICONS).toEqual(['success', 'warning', 'error', 'info', 'question']);
  });

  it.each(CONFIRM_ICONS)('keeps the known icon %s', (icon) => {
    expect(confirmIcon(icon)).toBe(icon);
  });

  it('provides no icon for an unknown name or no name (spec §8 "Icons")', () => {
    expect(confirmIcon('danger')).toBeUndefined();
    expect(confirmIcon('')).toBeUndefined();
    expect(confirmIcon(undefined)).toBeUndefined();
  });

  it('confirms with {result: true}', () => {
    expect(CONFIRMED).toEqual({ result: true });
  });

  it('starts a timer only for a positive, finite number of milliseconds', () => {
    expect(confirmTimer(3000)).toBe(3000);
    expect(confirmTimer(0)).toBeUndefined();
    expect(confirmTimer(-5)).toBeUndefined();
    expect(confirmTimer(Number.NaN)).toBeUndefined();
    expect(confirmTimer(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(confirmTimer('3000')).toBeUndefined();
  });

  it('counts whole seconds down, rounding up, and never below zero', () => {
    expect(secondsLeft(3000, 0)).toBe(3);
    expect(secondsLeft(3000, 1)).toBe(3);
    expect(secondsLeft(3000, 1000)).toBe(2);
    expect(secondsLeft(3000, 2999)).toBe(1);
    expect(secondsLeft(3000, 3000)).toBe(0);
    expect(secondsLeft(3000, 9000)).toBe(0);
  });

  it('gives the share of time left for the countdown bar, clamped to 0–1', () => {
    expect(timeLeftRatio(4000, 4000, 0)).toBe(1);
    expect(timeLeftRatio(4000, 4000, 1000)).toBe(0.75);
    expect(timeLeftRatio(4000, 4000, 5000)).toBe(0);
    expect(timeLeftRatio(4000, 4000, -100)).toBe(1);
  });
});
