import { z } from 'zod';
import { endpoint, FILE_MEDIA_TYPES } from '../common/endpoint.ts';
import { dbIdParam, withoutNul } from '../common/errors.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { IA_STORE_ACCESS, IA_TERM_ACCESS } from './inclusive-access.ts';

/**
 * Charge files (issue 32, point 4). Once a term's opt-out deadline has passed (the store's today
 * is after it), "create the next charge file" fixes every line not yet made: a CHARGE for each
 * enrolled participant who is in and has none (the sum of the program's prices), and a CREDIT
 * for each charged participant who dropped after the deadline, on or before the refund window's
 * last day, and has none. A participant is charged at most once and credited at most once (the
 * database holds it), so a file never repeats a line, and every line not yet made is in the next
 * one. A student whose funding allowance covers the charge has it paid from the allowance
 * instead (a ledger CHARGE; its credit goes back as a REFUND): such lines are in no file.
 *
 * Files are numbered 1, 2, … per term and download as CSV in the store's layout (a column
 * mapping: which columns, their headers and order), with a trailer line `TOTAL,<lines>,<amount>`.
 */
const BASE = `${ADMIN_BASE}/:userAccountId/inclusiveAccess`;

export const iaChargeTermParams = z.object({ userAccountId: dbIdParam, termId: dbIdParam });
/** A file is named by its term and its number in the term (1, 2, …). */
export const iaChargeFileParams = z.object({
  userAccountId: dbIdParam,
  termId: dbIdParam,
  fileNumber: dbIdParam,
});
export const iaChargeAccountParams = z.object({ userAccountId: dbIdParam });

/** A count of lines and their sum in cents (credits negative). */
export const iaLineTotals = z.object({ lines: z.number().int(), totalCents: z.number().int() });
export type IaLineTotals = z.infer<typeof iaLineTotals>;

export const iaChargeFile = z.object({
  fileId: z.number().int(),
  /** 1, 2, … within the term. */
  number: z.number().int(),
  createdAt: z.string(),
  createdByName: z.string(),
  lineCount: z.number().int(),
  totalCents: z.number().int(),
  charges: iaLineTotals,
  credits: iaLineTotals,
});
export type IaChargeFile = z.infer<typeof iaChargeFile>;

export const iaChargeTerm = z.object({
  termId: z.number().int(),
  termName: z.string(),
  divisionName: z.string(),
  optOutDeadline: z.string().nullable(),
  refundUntil: z.string().nullable(),
  /** The store's today is after the deadline: a charge file may be made. */
  deadlinePassed: z.boolean(),
});

export const getIaChargeFiles = endpoint({
  method: 'GET',
  path: `${BASE}/terms/:termId/chargeFiles`,
  summary: "A term's charge files, newest first, with the lines paid from funding allowances",
  auth: true,
  access: IA_TERM_ACCESS,
  params: iaChargeTermParams,
  response: z.object({
    term: iaChargeTerm,
    files: z.array(iaChargeFile),
    /** Lines paid from students' funding allowances (in the ledger, in no file). */
    funded: z.object({ charges: iaLineTotals, credits: iaLineTotals }),
    today: z.string(),
  }),
});

/** What the next charge file would hold now (nothing is written). */
export const iaChargePreview = z.object({
  deadlinePassed: z.boolean(),
  /** The next file's number. */
  nextNumber: z.number().int(),
  /** New lines for the bursar's file. */
  charges: iaLineTotals,
  credits: iaLineTotals,
  /** New lines students' funding allowances would pay (charges) or take back (credits). */
  fundedCharges: iaLineTotals,
  fundedCredits: iaLineTotals,
});
export type IaChargePreview = z.infer<typeof iaChargePreview>;

export const previewIaChargeFile = endpoint({
  method: 'GET',
  path: `${BASE}/terms/:termId/chargeFiles/preview`,
  summary:
    'What the next charge file would hold now: counts and totals of new charges and credits, and those funding allowances would pay',
  auth: true,
  access: IA_TERM_ACCESS,
  params: iaChargeTermParams,
  response: iaChargePreview,
});

export const createIaChargeFile = endpoint({
  method: 'POST',
  path: `${BASE}/terms/:termId/chargeFiles`,
  summary:
    "Fixes every charge and credit line not yet made (the deadline must have passed, else 409): the bursar's lines in the next numbered file (null when allowances paid all of them), the rest from allowances; nothing new at all is 409",
  auth: true,
  access: IA_TERM_ACCESS,
  params: iaChargeTermParams,
  body: z.object({}).strict(),
  response: z.object({
    file: iaChargeFile.nullable(),
    fundedCharges: iaLineTotals,
    fundedCredits: iaLineTotals,
  }),
  success: { json: [201] },
});

/** What a charge file's column may show. */
export const IA_CHARGE_FILE_FIELDS = [
  'studentId',
  'studentName',
  'firstName',
  'lastName',
  'email',
  'amount',
  'term',
  'section',
  'description',
  'kind',
  'lineId',
] as const;
export type IaChargeFileField = (typeof IA_CHARGE_FILE_FIELDS)[number];
export const IA_CHARGE_FILE_FIELD_LABELS: Record<IaChargeFileField, string> = {
  studentId: 'Student ID',
  studentName: 'Name (Last, First)',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  amount: 'Amount (dollars; credits negative)',
  term: 'Term',
  section: 'Section (e.g. BIO 101-001)',
  description: 'Description (the materials)',
  kind: 'Kind (CHARGE or CREDIT)',
  lineId: 'Line number (unique in the store)',
};

export const iaChargeFileColumn = z.object({
  field: z.enum(IA_CHARGE_FILE_FIELDS, {
    error: `must be one of ${IA_CHARGE_FILE_FIELDS.join(', ')}`,
  }),
  header: withoutNul(
    z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'must not be empty')
      .max(60, 'must be at most 60 characters'),
  ),
});
export type IaChargeFileColumn = z.infer<typeof iaChargeFileColumn>;

export const IA_CHARGE_FILE_MAX_COLUMNS = 20;

/** The layout when the store saved none: what the issue names, in its order. */
export const IA_DEFAULT_CHARGE_FILE_COLUMNS: readonly IaChargeFileColumn[] = [
  { field: 'studentId', header: 'Student ID' },
  { field: 'studentName', header: 'Name' },
  { field: 'amount', header: 'Amount' },
  { field: 'term', header: 'Term' },
  { field: 'section', header: 'Section' },
  { field: 'description', header: 'Description' },
];

/** A layout's columns as the editor and the server check them. */
export const iaChargeFileColumns = z
  .array(iaChargeFileColumn, { error: 'must be a list of columns' })
  .min(1, 'must list at least one column')
  .max(IA_CHARGE_FILE_MAX_COLUMNS, `must list at most ${IA_CHARGE_FILE_MAX_COLUMNS} columns`)
  .refine(
    (cols) => new Set(cols.map((c) => c.header.toLowerCase())).size === cols.length,
    'must not give two columns the same header',
  )
  .refine(
    (cols) => cols.some((c) => c.field === 'studentId') && cols.some((c) => c.field === 'amount'),
    'must include the student ID and the amount',
  );

export const iaChargeFileLayoutBody = z.object({
  // No columns: back to the default layout.
  columns: iaChargeFileColumns.default(() => [...IA_DEFAULT_CHARGE_FILE_COLUMNS]),
});
export type IaChargeFileLayoutBody = z.infer<typeof iaChargeFileLayoutBody>;
/** The layout editor's form. */
export const iaChargeFileLayoutForm = z.object({ columns: iaChargeFileColumns });

export const iaChargeFileLayout = z.object({
  columns: z.array(iaChargeFileColumn),
  /** No layout is saved: the default one is used. */
  isDefault: z.boolean(),
});
export type IaChargeFileLayout = z.infer<typeof iaChargeFileLayout>;

export const getIaChargeFileLayout = endpoint({
  method: 'GET',
  path: `${BASE}/chargeFileLayout`,
  summary: "The store's charge file layout: its columns (field and header) in order",
  auth: true,
  access: IA_STORE_ACCESS,
  params: iaChargeAccountParams,
  response: iaChargeFileLayout,
});

export const saveIaChargeFileLayout = endpoint({
  method: 'PUT',
  path: `${BASE}/chargeFileLayout`,
  summary:
    "Saves the store's charge file layout (the store's one: needs the action store-wide); it must include the student ID and the amount; without columns, the default layout",
  auth: true,
  access: { ...IA_STORE_ACCESS, held: 'storeWide' },
  params: iaChargeAccountParams,
  body: iaChargeFileLayoutBody,
  response: iaChargeFileLayout,
});

export const downloadIaChargeFile = endpoint({
  method: 'GET',
  path: `${BASE}/terms/:termId/chargeFiles/:fileNumber/csv`,
  summary:
    "A charge file as CSV (text/csv) in the store's layout, with a trailer line TOTAL,<line count>,<amount>",
  auth: true,
  access: IA_TERM_ACCESS,
  params: iaChargeFileParams,
  response: z.never(),
  success: { file: FILE_MEDIA_TYPES.csv },
});

export const IA_CHARGE_MESSAGES = {
  beforeDeadline: (deadline: string) =>
    `The opt-out deadline (${deadline}) has not passed: charges are fixed from the day after it.`,
  nothingNew:
    'Nothing new to charge or credit: every line is already in a file or paid by funding.',
  fileNotFound: 'This term has no charge file of this number.',
  layoutStoreWide: 'Only a holder of inclusive access for the whole store may change the layout.',
} as const;
