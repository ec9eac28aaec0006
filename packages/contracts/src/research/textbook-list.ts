import { z } from 'zod';
import { COST_DESIGNATIONS } from '../adoption/cost-transparency.ts';
import { FILE_MEDIA_TYPES, endpoint } from '../common/endpoint.ts';
import { dbIdParam } from '../common/errors.ts';
import { PUBLIC_BASE } from '../common/paths.ts';

/**
 * The public textbook list (US HEOA, 20 U.S.C. 1015b): for each section of a term, the ISBN
 * and retail price of every required and recommended material, or its author, title,
 * publisher and copyright year when it has no ISBN, or "To Be Determined", or "No text
 * required". No login; each website answers for its own store only. Cacheable.
 */
export const TEXTBOOK_TBD = 'To Be Determined';
export const TEXTBOOK_NO_TEXT = 'No text required';

export const textbookTerm = z.object({
  termId: z.number().int(),
  /** Cut at the first hyphen (docs/behaviour/constants.md). */
  termName: z.string(),
  divisionName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type TextbookTerm = z.infer<typeof textbookTerm>;
export type ListedTextbookTerm = TextbookTerm & { sectionCount: number };

export const getTextbookTerms = endpoint({
  method: 'GET',
  path: `${PUBLIC_BASE}/textbooks/terms`,
  summary:
    "The terms of this website's store with sections, newest first (terms that ended more than a year ago are left out)",
  auth: false,
  access: { kind: 'public' },
  response: z.object({
    storeName: z.string(),
    /** With how many sections each has (the page opens on the busiest term under way). */
    terms: z.array(textbookTerm.extend({ sectionCount: z.number().int() })),
  }),
  /** 304 when If-None-Match names its ETag. */
  success: { notModified: true },
});

export const textbookDepartment = z.object({
  departmentId: z.number().int(),
  departmentCode: z.string(),
  departmentName: z.string(),
  sectionCount: z.number().int(),
  /** Sections with a final answer: materials listed, or no text required. */
  sectionsAnswered: z.number().int(),
  /** sectionsAnswered / sectionCount as a whole percentage (0-100), rounded down. */
  completenessPercent: z.number().int(),
});
export type TextbookDepartment = z.infer<typeof textbookDepartment>;

export const textbookTermQuery = z.object({ termId: dbIdParam });

export const getTextbookTerm = endpoint({
  method: 'GET',
  path: `${PUBLIC_BASE}/textbooks`,
  summary: "A term's departments with their sections and completeness, by department code",
  auth: false,
  access: { kind: 'public' },
  query: textbookTermQuery,
  response: z.object({
    storeName: z.string(),
    term: textbookTerm,
    departments: z.array(textbookDepartment),
    sectionCount: z.number().int(),
    sectionsAnswered: z.number().int(),
    completenessPercent: z.number().int(),
    /** The store's low-textbook-cost threshold in cents, for the page's word to students. */
    ltcThresholdCents: z.number().int(),
  }),
  /** 304 when If-None-Match names its ETag. */
  success: { notModified: true },
});

/** Prices in cents a student pays at the store, by how they get the material. */
export const textbookPrices = z.object({
  newCents: z.number().int(),
  usedCents: z.number().int(),
  rentNewCents: z.number().int(),
  rentUsedCents: z.number().int(),
  digitalCents: z.number().int(),
});

export const textbookMaterial = z.object({
  /** ISBN-13; null for a material without one (then author, title, publisher, year say it). */
  isbn: z.string().nullable(),
  title: z.string(),
  author: z.string(),
  publisher: z.string(),
  edition: z.string(),
  /** The year of publication, when known. */
  copyrightYear: z.number().int().nullable(),
  required: z.boolean(),
  /** Null when the store has no price for it yet. */
  prices: textbookPrices.nullable(),
});
export type TextbookMaterial = z.infer<typeof textbookMaterial>;

export const TEXTBOOK_SECTION_STATUSES = ['MATERIALS', 'NO_TEXT_REQUIRED', 'TBD'] as const;

export const textbookSection = z.object({
  sectionId: z.number().int(),
  sectionCode: z.string(),
  professors: z.array(z.string()),
  startDate: z.string(),
  status: z.enum(TEXTBOOK_SECTION_STATUSES),
  materials: z.array(textbookMaterial),
  /** As the schedule feed answers it: the store's override, else what the materials make it. */
  designation: z.enum(COST_DESIGNATIONS),
  /** The required materials at the cheapest and dearest way offered, in cents; null: unknown. */
  requiredCostLowCents: z.number().int().nullable(),
  requiredCostHighCents: z.number().int().nullable(),
});

export const textbookCourse = z.object({
  courseCode: z.string(),
  courseName: z.string(),
  sections: z.array(textbookSection),
});
export type TextbookCourse = z.infer<typeof textbookCourse>;

export const getTextbookDepartment = endpoint({
  method: 'GET',
  path: `${PUBLIC_BASE}/textbooks/department`,
  summary: "One department's courses, sections and materials in a term",
  auth: false,
  access: { kind: 'public' },
  query: textbookTermQuery.extend({ departmentId: dbIdParam }),
  response: z.object({
    term: textbookTerm,
    department: textbookDepartment,
    courses: z.array(textbookCourse),
  }),
  /** 304 when If-None-Match names its ETag. */
  success: { notModified: true },
});

/** The CSV columns, in order (one line per material, or per section without one). */
export const TEXTBOOK_CSV_COLUMNS = [
  'Term',
  'Department',
  'Course',
  'Course Title',
  'Section',
  'Instructor',
  'Status',
  'Required',
  'ISBN',
  'Title',
  'Author',
  'Publisher',
  'Edition',
  'Copyright Year',
  'New Price',
  'Used Price',
  'Rental Price (New)',
  'Rental Price (Used)',
  'Digital Price',
  // The section's, on each of its lines, in the schedule feed's words (dollars, empty: unknown).
  'Cost designation',
  'Required cost (cheapest)',
  'Required cost (dearest)',
] as const;

export const getTextbookCsv = endpoint({
  method: 'GET',
  path: `${PUBLIC_BASE}/textbooks.csv`,
  summary: `A term's whole textbook list as CSV (text/csv, columns ${TEXTBOOK_CSV_COLUMNS.join(', ')})`,
  auth: false,
  access: { kind: 'public' },
  query: textbookTermQuery,
  response: z.never(),
  success: { file: FILE_MEDIA_TYPES.csv },
});
