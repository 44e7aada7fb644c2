// Every test file, every layer: a test that fails under fake timers must not hand them to the next
// test (one timeout would otherwise cascade through the file).
import { afterEach, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
});
