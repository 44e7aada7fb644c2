import { describe, expect, it } from 'vitest';
import { en, formatMessage } from './messages';

describe('message catalogue', () => {
  it('fills named placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('Closes in {seconds} s', { seconds: 2 })).toBe('Closes in 2 s');
    expect(formatMessage('{a} and {b}', { a: 'x' })).toBe('x and {b}');
  });

  it('has no empty message', () => {
    for (const [key, value] of Object.entries(en)) expect(value.trim(), key).not.toBe('');
  });
});
