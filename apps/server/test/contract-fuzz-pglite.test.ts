import { describeFuzz } from '../src/test-support/fuzz-suite.ts';

// One file per engine, so two of Vitest's workers share the fuzz.
describeFuzz('pglite');
