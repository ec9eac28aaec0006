import { z } from 'zod';
import { endpoint, FILE_MEDIA_TYPES } from '../common/endpoint.ts';
import { dbId, dbIdParam } from '../common/errors.ts';
import { pagedResponse, pageNumber, pageSize } from '../common/paging.ts';
import { ADOPTION_BASE } from '../common/paths.ts';
import { ADOPT_ACTIONS } from '../common/roles.ts';
import { adoptionAccountParams } from './adoption-lists.ts';
import {
  DEFAULT_UNCONFIRMED_PAGE_SIZE,
  MAX_CONFIRM_PROPOSALS,
  ROLLOVER_LIST_ACCESS,
  rolloverMaterial,
} from './rollover.ts';

/**
 * A rollover's proposals (ADR 0045): the store's list of those no instructor confirmed yet and
 * its export, and the instructor's confirmation on My courses.
 */

export const unconfirmedQuery = z.object({
  targetTermId: dbIdParam.optional(),
  divisionId: dbIdParam.optional(),
  departmentId: dbIdParam.optional(),
  page: pageNumber.default(1),
  pageSize: pageSize.default(DEFAULT_UNCONFIRMED_PAGE_SIZE),
});
export type UnconfirmedQuery = z.input<typeof unconfirmedQuery>;

export const unconfirmedProposal = z.object({
  adoptionMaterialId: z.number().int(),
  termId: z.number().int(),
  termName: z.string(),
  divisionId: z.number().int(),
  divisionName: z.string(),
  departmentCode: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  /** The target sections it covers, with their instructors. */
  sections: z.array(z.object({ sectionCode: z.string(), instructors: z.array(z.string()) })),
  material: rolloverMaterial,
  /** When the rollover proposed it (ISO instant). */
  proposedAt: z.string(),
});
export type UnconfirmedProposal = z.infer<typeof unconfirmedProposal>;

export const getUnconfirmedRollovers = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/rollover/unconfirmed`,
  summary:
    "The rollover proposals no instructor has confirmed yet, in the caller's divisions (optionally one term, division or department), by term, department, course; one page at a time",
  auth: true,
  access: ROLLOVER_LIST_ACCESS,
  params: adoptionAccountParams,
  query: unconfirmedQuery,
  response: pagedResponse('proposals', unconfirmedProposal),
});

/** The export's columns, in order (one line per proposal). */
export const UNCONFIRMED_CSV_COLUMNS = [
  'Term',
  'Division',
  'Department',
  'Course',
  'Course name',
  'Sections',
  'Instructors',
  'Title',
  'ISBN',
  'Author',
  'Edition',
  'Required',
  'Changes',
  'Proposed at',
] as const;

export const exportUnconfirmedRollovers = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/rollover/unconfirmed.csv`,
  summary: `The unconfirmed rollover proposals of the list's filters as CSV (columns ${UNCONFIRMED_CSV_COLUMNS.join(', ')})`,
  auth: true,
  access: ROLLOVER_LIST_ACCESS,
  params: adoptionAccountParams,
  query: unconfirmedQuery.omit({ page: true, pageSize: true }),
  response: z.never(),
  success: { file: FILE_MEDIA_TYPES.csv },
});

/** The instructor's side: confirm the rollover's proposals for their own sections. */
export const confirmRolloverProposals = endpoint({
  method: 'POST',
  path: `${ADOPTION_BASE}/:userAccountId/myCourses/confirmRollover`,
  summary:
    "Confirms rollover proposals covering the caller's own sections (idempotent: one confirmed already stays as it was); 400 naming adoptionMaterialIds for one that is not",
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'store' },
  params: adoptionAccountParams,
  body: z.object({
    adoptionMaterialIds: z
      .array(dbId)
      .min(1, 'name at least one proposal')
      .max(MAX_CONFIRM_PROPOSALS, `can name at most ${MAX_CONFIRM_PROPOSALS} proposals`),
  }),
  response: z.object({ confirmed: z.array(z.number().int()) }),
});

/** A rollover proposal as My courses lists it: its material and the caller's sections it covers. */
export const myRolloverProposal = z.object({
  adoptionMaterialId: z.number().int(),
  /** The target term, cut at the first hyphen ("Fall 2026"). */
  termName: z.string(),
  /** The earlier term it was carried from, cut likewise. */
  fromTermName: z.string(),
  sectionCodes: z.array(z.string()),
  material: rolloverMaterial,
});
export type MyRolloverProposal = z.infer<typeof myRolloverProposal>;
