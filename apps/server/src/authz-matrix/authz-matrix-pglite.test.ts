import { describeMatrix } from '../test-support/authz/matrix-suite.ts';

// One file per engine, so Vitest's two workers share the matrix.
describeMatrix('pglite');
