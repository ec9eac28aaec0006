import { addDays } from '@csp/contracts';
import { isoDay } from '../lib/iso-day.ts';

/**
 * Suites that sign in run on the real clock (session tokens are checked against it), so their
 * data is dated from today: TODAY and `day(offset)`, 'YYYY-MM-DD' days from it.
 */
export const TODAY = isoDay(new Date());
export const day = (offset: number) => addDays(TODAY, offset);
