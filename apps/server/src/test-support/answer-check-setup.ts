import { afterAll, afterEach } from 'vitest';
import { takeUndocumentedAnswers } from './answer-check.ts';

/**
 * Fails the test in which an app of createTestApp answered something its OpenAPI document does
 * not describe (answers given in a beforeAll fail the first test after it; those of an
 * afterAll, the file).
 */
function failOnUndocumentedAnswers(): void {
  const found = [...new Set(takeUndocumentedAnswers())];
  if (found.length > 0) {
    throw new Error(
      `Answers the OpenAPI document does not describe (declare them in the contract's success or the route's errors):\n${found.join('\n')}`,
    );
  }
}

afterEach(failOnUndocumentedAnswers);
afterAll(failOnUndocumentedAnswers);
