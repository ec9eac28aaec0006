import { LTI_LANDING_MESSAGES, MY_COURSES_MESSAGES, type MyCourseSection } from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';

/** The words of My courses (the server's own messages come from the contract). */
export const MY_COURSES_TEXT = {
  ...MY_COURSES_MESSAGES,
  intro:
    'Your sections in the coming terms, with where each stands and when its adoptions are due. Open a course to adopt materials, or adopt what was used last time in one step.',
  loading: 'your courses',
  openCourse: 'Open course',
  lastTime: (termName: string) => `Last time (${termName})`,
  noTextRequired: 'No text required',
  required: 'Required',
  recommended: 'Recommended',
  proposed: 'Proposed title',
  chooseSections: 'Sections to adopt for',
  noneChosen: 'Choose at least one section.',
  adoptFor: (n: number) => `Adopt for ${n} ${n === 1 ? 'section' : 'sections'}`,
  adopting: 'Adopting…',
  /** A launch from the learning platform (issue 33). */
  pickBanner: LTI_LANDING_MESSAGES.pickBanner,
  fromCourseSite: LTI_LANDING_MESSAGES.fromCourseSite,
  thisIsMyCourse: LTI_LANDING_MESSAGES.thisIsMyCourse,
  tying: 'Saving your choice…',
  launchedNotListed:
    'The section you opened the portal from is not among your sections of the coming terms.',
} as const;

/**
 * Where a section stands against its term's deadline, in the words a clerk or instructor
 * uses: what is still due and by when, what was missed, and how an adoption made it.
 */
export function standingText(
  section: Pick<MyCourseSection, 'deadline' | 'deadlineStatus'>,
): string {
  const due = section.deadline ? formatDisplayDate(section.deadline) : null;
  switch (section.deadlineStatus) {
    case 'OPEN':
      return due ? `Due ${due}` : 'No deadline set';
    case 'MISSING':
      return `Missing (was due ${due ?? ''})`;
    case 'ON_TIME':
      return 'Adopted on time';
    case 'LATE':
      return due ? `Adopted late (due ${due})` : 'Adopted late';
  }
}
