import { LTI_LANDING_MESSAGES } from '@csp/contracts';

/** The landing pages' words (the server's and the shared ones come from the contract). */
export const LANDING_TEXT = {
  ...LTI_LANDING_MESSAGES,
  refusedTitle: 'The course materials link did not open',
  noAccessTitle: 'No access yet',
  courseNotFoundTitle: 'Course not found',
  materialsTitle: 'Course materials',
  deepLinkTitle: 'Add a Course materials link',
  whatNext: 'What to do next',
  whomToAsk: 'Whom to ask',
  askTeam: (store: string) => `The course materials team of ${store}:`,
  textbookList: 'Find your course in the textbook list',
  loadingSection: 'Loading the course materials',
  /** Read as 'Loading your included access…' while the student is signed in and their page read. */
  loadingAccess: 'your included access',
  required: 'Required',
  recommended: 'Recommended',
  noneListed: 'None',
  requiredCost: 'Required materials cost',
  includedTitle: 'Included course materials',
  youAreIn: 'You are in: the materials are included and charged to your student account.',
  youOptedOut: 'You opted out: you are not charged for these materials.',
  includedPrice: 'Price',
  deadline: 'Deadline to opt out or back in',
  noDeadline: 'The deadline to opt out is not set yet.',
  changeChoice: 'Opt out or back in on My course materials',
  deepLinkIntro: (platform: string) =>
    `This adds a link to ${platform} that opens the course materials of the course for your students.`,
  deepLinkCourse: 'Course',
  deepLinkAnyCourse: 'The course the link is opened from',
  titleLabel: 'Title of the link',
  titleRequired: 'Enter a title for the link.',
  adding: 'Adding…',
  loadingLink: 'Loading the link request',
} as const;
