import type { DataFeed } from '@csp/contracts';

/**
 * What a cell may hold once checked. A mapping file says which column fills which field; the
 * field decides the rule (ADR 0018), so every format of a feed is checked the same way.
 */
export type FieldType =
  | { kind: 'text'; max: number }
  /** A code the registrar gives (department, course, section): text a spreadsheet may mangle. */
  | { kind: 'code'; max: number }
  | { kind: 'date' }
  | { kind: 'count' }
  | { kind: 'money' }
  | { kind: 'email' }
  | { kind: 'studentId' }
  | { kind: 'isbn' }
  | { kind: 'isbn10' }
  /** "Last, First" names, several in one cell with the mapping's separator. */
  | { kind: 'people' }
  /** Whether an adopted material is required: "required", or "recommended" (and its kin). */
  | { kind: 'requirement' }
  /** What a student pays for an adopted material (issue 31): print, OER, library, free ... */
  | { kind: 'materialKind' }
  /** Whether an enrolment stands or was dropped (issue 32): ENROLLED or DROPPED. */
  | { kind: 'enrollmentStatus' };

const text = (max: number): FieldType => ({ kind: 'text', max });
const code = (max: number): FieldType => ({ kind: 'code', max });

export const FIELDS = {
  divisionName: { label: 'Division', type: text(200) },
  universityName: { label: 'University name', type: text(200) },
  termName: { label: 'Term', type: text(100) },
  termStart: { label: 'Term start date', type: { kind: 'date' } },
  termEnd: { label: 'Term end date', type: { kind: 'date' } },
  departmentCode: { label: 'Department code', type: code(40) },
  departmentName: { label: 'Department name', type: text(200) },
  /** Who gets the department's campaign digest (issue 30), e.g. its chair. */
  departmentContactName: { label: 'Department contact name', type: text(120) },
  departmentContactEmail: { label: 'Department contact e-mail', type: { kind: 'email' } },
  courseCode: { label: 'Course code', type: code(40) },
  courseName: { label: 'Course name', type: text(300) },
  courseDescription: { label: 'Course description', type: text(10_000) },
  sectionCode: { label: 'Section code', type: code(40) },
  sectionStart: { label: 'Section start date', type: { kind: 'date' } },
  sectionEnd: { label: 'Section end date', type: { kind: 'date' } },
  capacity: { label: 'Enrollment capacity', type: { kind: 'count' } },
  estimatedEnrollment: { label: 'Estimated enrollment', type: { kind: 'count' } },
  professors: { label: 'Professors', type: { kind: 'people' } },
  lastName: { label: 'Last name', type: text(100) },
  firstName: { label: 'First name', type: text(100) },
  email: { label: 'E-mail', type: { kind: 'email' } },
  studentId: { label: 'Student ID', type: { kind: 'studentId' } },
  isbn13: { label: 'ISBN-13', type: { kind: 'isbn' } },
  isbn10: { label: 'ISBN-10', type: { kind: 'isbn10' } },
  title: { label: 'Title', type: text(500) },
  author: { label: 'Author', type: text(300) },
  edition: { label: 'Edition', type: text(50) },
  publisher: { label: 'Publisher', type: text(200) },
  price: { label: 'Price', type: { kind: 'money' } },
  requirement: { label: 'Required or recommended', type: { kind: 'requirement' } },
  adopterEmail: { label: "Adopter's e-mail", type: { kind: 'email' } },
  materialKind: { label: 'Material kind', type: { kind: 'materialKind' } },
  enrollmentStatus: { label: 'Enrollment status', type: { kind: 'enrollmentStatus' } },
} as const satisfies Record<string, { label: string; type: FieldType }>;

export type FieldName = keyof typeof FIELDS;
export const FIELD_NAMES = Object.keys(FIELDS) as [FieldName, ...FieldName[]];

export interface Person {
  lastName: string;
  firstName: string;
}

/** A checked value: text kinds as trimmed strings, counts and cents as numbers, people as names. */
export type FieldValue = string | number | Person[];

/** The writers behind the formats: one per kind of file, whatever its columns are called. */
export const KIND_IDS = [
  'divisions-terms',
  'sections',
  'professors',
  'students-enrollments',
  'products',
  'adoption-history',
] as const;
export type KindId = (typeof KIND_IDS)[number];

export interface KindSpec {
  /** The fields a format of this kind may map. */
  fields: readonly FieldName[];
  /** The fields every format of this kind must map (a column or a table). */
  required: readonly FieldName[];
  /** Whether rows belong to a division: a divisionName column, or the upload's division. */
  usesDivision: boolean;
  /** The feeds a format of this kind may say it fills. */
  feeds: readonly DataFeed[];
  /**
   * Details a record does without: a bad value of one of these, in a column the format does
   * not require, is left out with a warning and the row goes in (one professor's name in
   * another shape must not drop the section). Keys, names and references are never here.
   */
  details: readonly FieldName[];
}

export const KINDS: Record<KindId, KindSpec> = {
  'divisions-terms': {
    fields: ['divisionName', 'universityName', 'termName', 'termStart', 'termEnd'],
    required: ['termName', 'termStart', 'termEnd'],
    usesDivision: true,
    feeds: ['DIVISIONS_TERMS'],
    details: ['universityName'],
  },
  sections: {
    fields: [
      'divisionName',
      'termName',
      'termStart',
      'termEnd',
      'departmentCode',
      'departmentName',
      'departmentContactName',
      'departmentContactEmail',
      'courseCode',
      'courseName',
      'courseDescription',
      'sectionCode',
      'sectionStart',
      'sectionEnd',
      'capacity',
      'estimatedEnrollment',
      'professors',
    ],
    required: ['termName', 'departmentCode', 'courseCode', 'courseName', 'sectionCode'],
    usesDivision: true,
    feeds: ['COURSES_SECTIONS', 'PROFESSORS'],
    details: [
      'departmentName',
      'departmentContactName',
      'departmentContactEmail',
      'courseDescription',
      'sectionStart',
      'sectionEnd',
      'capacity',
      'estimatedEnrollment',
      'professors',
    ],
  },
  professors: {
    fields: ['lastName', 'firstName', 'email'],
    required: ['lastName', 'firstName'],
    usesDivision: false,
    feeds: ['PROFESSORS'],
    details: ['email'],
  },
  'students-enrollments': {
    fields: [
      'studentId',
      'firstName',
      'lastName',
      'email',
      'divisionName',
      'termName',
      'departmentCode',
      'courseCode',
      'sectionCode',
      'enrollmentStatus',
    ],
    required: ['studentId', 'firstName', 'lastName', 'email'],
    usesDivision: true,
    feeds: ['STUDENTS_ENROLLMENTS'],
    details: [],
  },
  products: {
    fields: ['isbn13', 'isbn10', 'title', 'author', 'edition', 'publisher', 'price'],
    required: ['title'],
    usesDivision: false,
    feeds: ['PRODUCTS_PRICES'],
    details: ['author', 'edition', 'publisher', 'price'],
  },
  'adoption-history': {
    fields: [
      'divisionName',
      'termName',
      'departmentCode',
      'courseCode',
      'sectionCode',
      'isbn13',
      'title',
      'author',
      'edition',
      'publisher',
      'requirement',
      'adopterEmail',
      'materialKind',
    ],
    required: ['termName', 'departmentCode', 'courseCode'],
    usesDivision: true,
    feeds: ['ADOPTION_HISTORY'],
    // The adoption goes in without its adopter, or as required, rather than not at all.
    details: ['author', 'edition', 'publisher', 'requirement', 'adopterEmail'],
  },
};
