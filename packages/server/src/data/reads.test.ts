import { describe } from 'vitest';
import { seededDatabaseForSuite } from '../test-support';
import { focusReadTests } from './focusRead.suite';

describe('FOCUS reads from indexes and the roll-ups answer as plain SQL over the rows does (full demo seed)', () => {
  focusReadTests(seededDatabaseForSuite({ data: 'full' }));
});
