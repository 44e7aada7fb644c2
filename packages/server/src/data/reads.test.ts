import { afterAll, beforeAll, describe } from 'vitest';
import type { Database } from '../db/database';
import { seededDatabase } from '../test-support';
import { focusReadTests } from './focusReadChecks';

describe('FOCUS reads from indexes and the roll-ups answer as plain SQL over the rows does (full demo seed)', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await seededDatabase({ data: 'full' }));
  }, 180_000);
  afterAll(() => drop());
  focusReadTests(() => db);
});
