import { describe, it } from 'vitest';
import { testEngines } from '../test-support/test-app.ts';
import { describeMatrix } from '../test-support/authz/matrix-suite.ts';

// One file per engine, so Vitest's two workers share the matrix.
if ((await testEngines()).includes('postgres')) describeMatrix('postgres');
else describe.skip('authorization matrix (postgres)', () => it('needs PostgreSQL', () => {}));
