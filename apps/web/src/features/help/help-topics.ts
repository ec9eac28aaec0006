import { FUNDING_HELP_TOPIC } from './funding-help-topic.ts';
import type { HelpTopic } from './help-topic.ts';

export const HELP_TOPICS: HelpTopic[] = [
  {
    id: 'signing-in',
    available: true,
    heading: 'Signing in and single sign-on',
    paragraphs: [
      'Sign in with the user name and password the store gave you. The portal remembers you on this browser with a revocable sign-in key, never with your password, so you stay signed in until you choose Logout.',
      'If your school uses single sign-on, choose "Sign in with single sign-on" on the sign-in page and sign in with your school account. If single sign-on fails you are brought back to the sign-in page with an explanation; try again, and contact the store if it keeps happening.',
      'On a shared computer, always choose Logout when you finish. Logging out ends the session and forgets the stored sign-in on this browser.',
      'After several wrong passwords in a row the portal asks you to wait before trying again, and says how long.',
    ],
  },
  {
    id: 'dashboard',
    available: true,
    heading: 'The dashboard',
    paragraphs: [
      "The dashboard is the first page after you sign in. Staff who report on a division see one tab per division with its adoption progress, order fulfilment, on-time fulfilment, order types, market share and students' fulfilment preferences for the term you pick. Each figure is a chart; choose Show table on any of them to read the numbers.",
      'On-time fulfilment is shown only to staff allowed to see it. Each figure loads on its own: if one cannot be loaded it says so and offers Retry, and the others still show.',
      'If you follow a link to a page that does not exist, you are brought to the dashboard with a note quoting the address you opened.',
    ],
  },
  {
    id: 'section-research',
    available: true,
    heading: 'Section research',
    paragraphs: [
      'Section Research lists course sections twenty to a page. Filter by term, department, course, instructor and dates; by default it shows sections starting from four months ago to one month ahead, newest first.',
      'Open a section to see its dates, instructors, adopted materials and how much of its order has been fulfilled, and to reach each enrolled student.',
    ],
  },
  {
    id: 'student-search',
    available: true,
    heading: 'Student search, rentals, returns and labels',
    paragraphs: [
      'Search for a student by name or student ID. On a phone, use the search button in the top bar. Dashes typed in an ID or ISBN are ignored.',
      "A student's page lists outstanding rentals and rentals in transit. Tick the items being returned, or scan a serial number or ISBN to tick the matching item; items are returned in the order you ticked them.",
    ],
    steps: [
      'Tick or scan the rentals the student is returning.',
      'Choose Return. Any items that could not be returned are listed with the reason.',
      "A return label prints on the counter's label printer; if no printer answers, the labels open in new browser tabs so you can print them there.",
      'To send a student a shipping label instead, choose Print shipping label.',
    ],
  },
  {
    id: 'adopting',
    available: true,
    heading: 'Adopting course materials',
    paragraphs: [
      'Adopt lists the courses you can adopt for, with filters, sorting, paging and an export. Search by course code or description; a search replaces the other filters. Open a course to see its section adoptions, course adoptions, auto adoptions and any adoptions that need your response.',
      'The adoption wizard walks you through each adoption. Search the catalog for a title, enter a custom title the store does not list yet, reuse a title from a previous term, or record that no materials are required. Then answer the questions (for example whether the material is required) and choose the sections. Answering Yes to using it for every future section makes an auto adoption.',
      'You can edit or remove an adoption later from the course page, and the store can link a custom title to a real one once it is in the catalog.',
    ],
  },
  {
    id: 'data-summary',
    available: true,
    heading: 'Data summary and imports',
    paragraphs: [
      "Data Summary shows when each of the store's data feeds (divisions and terms, courses and sections, professors, students and enrollments, products and prices) was last imported, what that import added, changed or rejected, and what the store holds for each term. It is available to staff with data management rights; staff with data reporting rights see each feed's last import on the dashboard.",
    ],
    steps: [
      "Choose the file's format (each lists the columns it needs) and, when asked, the division the file is for, then choose the CSV or Excel file.",
      'The portal checks every row and shows a report before anything is saved: which rows would be added, changed or left as they are, and which were rejected, with the row, the column and why.',
      'Choose Apply to save the accepted rows, all at once. Importing the same file again changes nothing.',
    ],
  },
  FUNDING_HELP_TOPIC,
  {
    id: 'permissions',
    available: true,
    heading: 'Permissions and creating users',
    paragraphs: [
      'Settings > Permissions is for staff who assign permissions or create users: find a user by email address. Everyone can choose My Permissions in the account menu to see their own roles and what they let them do.',
      "The user's roles are listed with the catalog (division, department, course) each applies to, and each can be removed. To add one, pick a role and, for most roles, a catalog, then choose Save Permission. Clear Form starts over.",
      'To give someone access for the first time, open Create New User Account and enter their email address and name.',
    ],
  },
  {
    id: 'reset-password',
    available: true,
    heading: 'Resetting a password',
    paragraphs: [
      'If you have forgotten your password, choose "Forgot your password?" on the sign-in page and enter your e-mail address. If an account uses that address, a link to choose a new password arrives by e-mail; it works once, for one hour.',
      'Choosing a new password signs you out everywhere you were signed in, on every device, so only you can use the account from then on.',
      'If you sign in with single sign-on, your password belongs to your school account: reset it with your school, not here.',
    ],
  },
];
