import { describe, it } from 'vitest';
import { testEngines } from '../src/test-support/test-app.ts';
import { describeFuzz } from '../src/test-support/fuzz-suite.ts';

// One file per engine, so two of Vitest's workers share the fuzz.
if ((await testEngines()).includes('postgres')) describeFuzz('postgres');
else describe.skip('fuzz from the contracts (postgres)', () => it('needs PostgreSQL', () => {}));
