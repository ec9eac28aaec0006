import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { dbId, dbIdParam, withoutNul } from '../common/errors.ts';
import { pageNumber, pageSize } from '../common/paging.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { termFields } from '../common/term-fields.ts';
import { calendarDay } from '../adoption/course-catalog.ts';
import { MAX_TITLE_PRICE_CENTS } from '../adoption/title-kinds.ts';
import {
  IA_CHANGE_SOURCES,
  IA_CHANGES,
  IA_CHOICES,
  IA_MODELS,
  IA_SECTION_ACCESS,
  IA_STORE_ACCESS,
  IA_TERM_ACCESS,
} from './inclusive-access.ts';

/**
 * Inclusive access programs (issue 32, points 1 and 6): each term's opt-out deadline and refund
 * window (its division's), the sections in the program with their materials' per-student
 * prices and model, and each program's participants with their history. Lists are narrowed to
 * the sections the caller manages inclusive access for; a term's dates need the whole division.
 */
const BASE = `${ADMIN_BASE}/:userAccountId/inclusiveAccess`;

export const iaAccountParams = z.object({ userAccountId: dbIdParam });
export const iaTermParams = z.object({ userAccountId: dbIdParam, termId: dbIdParam });
export const iaSectionParams = z.object({ userAccountId: dbIdParam, sectionId: dbIdParam });

/** Participants of the sections in the program (enrolled ones), in and out, and the rate out. */
const participationFigures = {
  /** Enrolled participants (a dropped student no longer counts). */
  enrolled: z.number().int(),
  participantsIn: z.number().int(),
  participantsOut: z.number().int(),
  /** Out of enrolled, as a percentage to one decimal; null with nobody enrolled. */
  optOutRate: z.number().nullable(),
};

export const iaTerm = z.object({
  ...termFields,
  divisionId: z.number().int(),
  divisionName: z.string(),
  /** The last day students may opt out or back in (YYYY-MM-DD, inclusive), or null. */
  optOutDeadline: z.string().nullable(),
  /** The last day a drop after the deadline earns a credit, or null: none does. */
  refundUntil: z.string().nullable(),
  /** The store's today is after the deadline: choices and the model are final. */
  deadlinePassed: z.boolean(),
  /** Whether the caller may set the dates (their grant covers the whole division). */
  mayEditDates: z.boolean(),
  /** The term's charges are fixed (a charge file, or funded lines): its deadline is final. */
  hasChargeFile: z.boolean(),
  /** Sections in the program that the caller manages. */
  sections: z.number().int(),
  ...participationFigures,
});
export type IaTerm = z.infer<typeof iaTerm>;

export const getIaTerms = endpoint({
  method: 'GET',
  path: `${BASE}/terms`,
  summary:
    'The terms not yet ended in which the caller manages inclusive access for some section, by division then start date, with their opt-out deadline, refund window and program figures',
  auth: true,
  access: IA_STORE_ACCESS,
  params: iaAccountParams,
  response: z.object({ terms: z.array(iaTerm), today: z.string() }),
});

export const iaTermDatesBody = z.object({
  optOutDeadline: calendarDay.nullable(),
  refundUntil: calendarDay.nullable(),
});
export type IaTermDatesBody = z.infer<typeof iaTermDatesBody>;

export const setIaTermDates = endpoint({
  method: 'PUT',
  path: `${BASE}/terms/:termId`,
  summary:
    "Sets a term's opt-out deadline and refund window (null clears; the deadline only while the term has no charges); answers the term as the list shows it",
  auth: true,
  access: IA_TERM_ACCESS,
  params: iaTermParams,
  body: iaTermDatesBody,
  response: iaTerm,
});

/** What the dashboard calls "this term": each division's earliest term not yet ended. */
export const getIaDashboard = endpoint({
  method: 'GET',
  path: `${BASE}/dashboard`,
  summary:
    "For each division, its current (else next) term's inclusive access within the caller's scope: sections in the program, participants in and out, the opt-out rate",
  auth: true,
  access: IA_STORE_ACCESS,
  params: iaAccountParams,
  response: z.object({ terms: z.array(iaTerm), today: z.string() }),
});

export const iaProgramMaterial = z.object({
  adoptionMaterialId: z.number().int(),
  titleName: z.string(),
  isbn: z.string().nullable(),
  priceCents: z.number().int(),
});

export const iaProgramRow = z.object({
  sectionId: z.number().int(),
  departmentCode: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  sectionCode: z.string(),
  model: z.enum(IA_MODELS),
  materials: z.array(iaProgramMaterial),
  /** The sum of the materials' prices: what an in student is charged. */
  totalCents: z.number().int(),
  ...participationFigures,
});
export type IaProgramRow = z.infer<typeof iaProgramRow>;

export const getIaTermPrograms = endpoint({
  method: 'GET',
  path: `${BASE}/terms/:termId/programs`,
  summary:
    "A term's sections in the program that the caller manages, by course and section code, a page at a time, with materials, prices, model and participation; another store's term, or one with no section in scope, is 404",
  auth: true,
  access: IA_SECTION_ACCESS,
  params: iaTermParams,
  query: z.object({ page: pageNumber.default(1), pageSize: pageSize.default(50) }),
  response: z.object({
    term: iaTerm,
    programs: z.array(iaProgramRow),
    recordCount: z.number().int(),
  }),
});

export const iaSectionCandidate = z.object({
  sectionId: z.number().int(),
  label: z.string(),
  /** Inclusive-access materials covering it that could be put in the program. */
  iaMaterials: z.number().int(),
});

export const getIaSectionCandidates = endpoint({
  method: 'GET',
  path: `${BASE}/terms/:termId/sectionCandidates`,
  summary:
    "A term's sections the caller manages that are not in the program and have an adopted inclusive-access material, matching the search (course code or name), 20 at most",
  auth: true,
  access: IA_SECTION_ACCESS,
  params: iaTermParams,
  query: z.object({
    search: withoutNul(z.string().trim().max(100, 'must be at most 100 characters')).default(''),
  }),
  response: z.object({ sections: z.array(iaSectionCandidate) }),
});

export const iaEditorMaterial = z.object({
  adoptionMaterialId: z.number().int(),
  titleName: z.string(),
  author: z.string().nullable(),
  isbn: z.string().nullable(),
  required: z.boolean(),
  /** The title's digital (else new) price: a suggestion for the per-student price. */
  suggestedPriceCents: z.number().int().nullable(),
  /** In the program at this price, or null: not in it. */
  priceCents: z.number().int().nullable(),
});

export const iaProgramEditor = z.object({
  sectionId: z.number().int(),
  label: z.string(),
  term: iaTerm,
  inProgram: z.boolean(),
  /** The program's model; OPT_OUT for a section not yet in it. */
  model: z.enum(IA_MODELS),
  /** The section's adopted materials of the kind Inclusive access that cover it. */
  materials: z.array(iaEditorMaterial),
  /** Charges or credits exist: the program can no longer leave. */
  hasChargeLines: z.boolean(),
  ...participationFigures,
});
export type IaProgramEditor = z.infer<typeof iaProgramEditor>;

export const getIaProgram = endpoint({
  method: 'GET',
  path: `${BASE}/sections/:sectionId/program`,
  summary:
    "A section's program for the editor: its adopted inclusive-access materials, which are in the program at what price, and the model",
  auth: true,
  access: IA_SECTION_ACCESS,
  params: iaSectionParams,
  response: iaProgramEditor,
});

export const iaProgramPrice = z
  .number({ error: 'must be a price in cents' })
  .int('must be a whole number of cents')
  .min(1, 'must be more than 0 cents')
  .max(MAX_TITLE_PRICE_CENTS, `must be at most ${MAX_TITLE_PRICE_CENTS} cents`);

export const iaProgramBody = z.object({
  model: z.enum(IA_MODELS, { error: `must be one of ${IA_MODELS.join(', ')}` }),
  /** The materials in the program with their per-student prices; none: the section leaves. */
  materials: z
    .array(z.object({ adoptionMaterialId: dbId, priceCents: iaProgramPrice }))
    .max(50, 'must be at most 50 materials'),
});
export type IaProgramBody = z.infer<typeof iaProgramBody>;

export const saveIaProgram = endpoint({
  method: 'PUT',
  path: `${BASE}/sections/:sectionId/program`,
  summary:
    "Sets a section's program: its inclusive-access materials with per-student prices and its model; no materials takes the section out (refused once it has charges). The same save twice changes nothing",
  auth: true,
  access: IA_SECTION_ACCESS,
  params: iaSectionParams,
  body: iaProgramBody,
  response: iaProgramEditor,
});

export const iaParticipantChange = z.object({
  change: z.enum(IA_CHANGES),
  source: z.enum(IA_CHANGE_SOURCES),
  at: z.string(),
  /** The staff member who made it, or null (the feeds, the student). */
  actorName: z.string().nullable(),
});

export const iaParticipant = z.object({
  participantId: z.number().int(),
  studentId: z.number().int(),
  studentIdNum: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  enrolled: z.boolean(),
  enrolledAt: z.string(),
  droppedAt: z.string().nullable(),
  choice: z.enum(IA_CHOICES).nullable(),
  /** In by their choice, else by the program's model (isParticipating). */
  participating: z.boolean(),
  history: z.array(iaParticipantChange),
});
export type IaParticipant = z.infer<typeof iaParticipant>;

export const getIaParticipants = endpoint({
  method: 'GET',
  path: `${BASE}/sections/:sectionId/participants`,
  summary:
    "A section's program participants by last and first name, each in or out, enrolled or dropped, with every change (who, when, source); none when the section is not in the program",
  auth: true,
  access: IA_SECTION_ACCESS,
  params: iaSectionParams,
  response: z.object({
    inProgram: z.boolean(),
    model: z.enum(IA_MODELS).nullable(),
    participants: z.array(iaParticipant),
    ...participationFigures,
  }),
});

export const IA_PROGRAM_MESSAGES = {
  deadlineAfterTermEnd: "must be on or before the term's last day",
  refundBeforeDeadline: 'must be on or after the opt-out deadline',
  refundWithoutDeadline: 'needs an opt-out deadline first',
  deadlineHasChargeFile:
    "The term's charges are fixed (a charge file, or lines paid by funding): its opt-out deadline can no longer change.",
  notIaMaterial:
    'is not an adopted inclusive-access material of this section (adopt it with the kind Inclusive access first)',
  duplicateMaterial: 'is listed twice',
  hasCharges:
    'This program has charges or credits: it cannot leave the program. Keep at least one material.',
  materialAfterDeadline:
    "is not in the program, and the term's opt-out deadline has passed: students can no longer opt out of it",
  raiseAfterDeadline:
    "is higher than the price students stayed in for, and the term's opt-out deadline has passed: it can only be lowered",
  newAfterDeadline:
    "The term's opt-out deadline has passed: a section can no longer join the program this term.",
} as const;
