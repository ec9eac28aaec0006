import { z } from 'zod';

/** How every answer names a term and its dates (spread into the row's object). */
export const termNameAndDates = {
  /** Cut at the first hyphen (docs/behaviour/constants.md). */
  termName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
};

/** A term as rows carry it: its id, then its name and dates. */
export const termFields = { termId: z.number().int(), ...termNameAndDates };
