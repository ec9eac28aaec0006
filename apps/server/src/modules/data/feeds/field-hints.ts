import type { FieldName } from './import-fields.ts';

/**
 * What helps a data manager match a file to a format: the other names registrars give each
 * field's column (the mapping proposes a column whose header is one of them), and two example
 * values (a format's template CSV shows them).
 */
export const FIELD_HINTS: Record<FieldName, { synonyms: string[]; examples: [string, string] }> = {
  divisionName: { synonyms: ['division', 'campus', 'school', 'college'], examples: ['Main Campus', 'Main Campus'] },
  universityName: { synonyms: ['university', 'institution'], examples: ['Demo University', 'Demo University'] },
  termName: { synonyms: ['term', 'semester', 'session', 'term name', 'term description'], examples: ['Fall 2026', 'Fall 2026'] },
  termStart: { synonyms: ['term start', 'term begin', 'term start date'], examples: ['2026-08-24', '2026-08-24'] },
  termEnd: { synonyms: ['term end', 'term end date'], examples: ['2026-12-18', '2026-12-18'] },
  departmentCode: {
    synonyms: ['department', 'dept', 'subject', 'subject code', 'course subject', 'department code', 'prefix'],
    examples: ['BIO', 'HIST'],
  },
  departmentName: { synonyms: ['department name', 'dept name', 'subject name', 'subject description'], examples: ['Biology', 'History'] },
  departmentContactName: {
    synonyms: ['department contact', 'department contact name', 'department chair', 'chair', 'chair name', 'contact name'],
    // Left empty: a template must import as it is, and no example address is one a store knows.
    examples: ['', ''],
  },
  departmentContactEmail: {
    synonyms: ['department contact email', 'department chair email', 'chair email', 'contact email', 'department email'],
    examples: ['', ''],
  },
  courseCode: {
    synonyms: ['course', 'course number', 'course no', 'catalog number', 'catalog nbr', 'number', 'course code', 'catalog'],
    examples: ['101', '210'],
  },
  courseName: { synonyms: ['course name', 'course title', 'title', 'class title', 'long title', 'name'], examples: ['Introduction to Biology', 'Modern Europe'] },
  courseDescription: { synonyms: ['description', 'course description'], examples: ['Cells, genetics and evolution.', ''] },
  sectionCode: { synonyms: ['section', 'section number', 'section code', 'class section', 'sec', 'section id'], examples: ['001', '002'] },
  sectionStart: { synonyms: ['start date', 'section start', 'begin date', 'class start'], examples: ['2026-08-24', ''] },
  sectionEnd: { synonyms: ['end date', 'section end', 'class end'], examples: ['2026-12-18', ''] },
  capacity: { synonyms: ['capacity', 'enrollment capacity', 'max enrollment', 'seats', 'cap'], examples: ['30', '45'] },
  estimatedEnrollment: {
    synonyms: ['enrollment', 'estimated enrollment', 'enrolled', 'enrolment', 'headcount', 'students'],
    examples: ['25', '38'],
  },
  professors: {
    synonyms: ['professors', 'professor', 'instructor', 'instructors', 'primary instructor', 'faculty', 'teacher'],
    examples: ['Curie, Marie', 'Franklin, Rosalind; Watson, James'],
  },
  lastName: { synonyms: ['last name', 'surname', 'family name', 'last'], examples: ['Lovelace', 'Turing'] },
  firstName: { synonyms: ['first name', 'given name', 'forename', 'first'], examples: ['Ada', 'Alan'] },
  email: { synonyms: ['email', 'e-mail', 'email address', 'mail'], examples: ['ada@example.edu', 'alan@example.edu'] },
  studentId: { synonyms: ['student id', 'student number', 'id', 'emplid', 'uin', 'student'], examples: ['S1001', 'S1002'] },
  isbn13: { synonyms: ['isbn', 'isbn13', 'isbn-13', 'ean', 'ean13'], examples: ['9780070006577', '9780393979503'] },
  isbn10: { synonyms: ['isbn10', 'isbn-10'], examples: ['0070006571', '0393979504'] },
  title: { synonyms: ['title', 'book title', 'product title', 'name'], examples: ['Complex Analysis', 'Norton Anthology'] },
  author: { synonyms: ['author', 'authors', 'writer'], examples: ['Ahlfors', 'Baym'] },
  edition: { synonyms: ['edition', 'ed'], examples: ['3', '9'] },
  publisher: { synonyms: ['publisher', 'imprint'], examples: ['McGraw-Hill', 'Norton'] },
  price: { synonyms: ['price', 'list price', 'retail price', 'new price'], examples: ['129.95', '86.00'] },
  requirement: {
    synonyms: ['requirement', 'required', 'required or recommended', 'req', 'status', 'necessity'],
    examples: ['required', 'recommended'],
  },
  materialKind: {
    synonyms: ['material kind', 'kind', 'material type', 'oer', 'cost type'],
    examples: ['print', 'OER'],
  },
  enrollmentStatus: {
    synonyms: ['enrollment status', 'enrolment status', 'status', 'registration status', 'enrl status', 'action'],
    examples: ['enrolled', 'dropped'],
  },
  adopterEmail: {
    synonyms: ['adopter email', 'adopter', 'instructor email', 'submitter email', 'adopted by', 'email'],
    examples: ['ada@example.edu', ''],
  },
};
