import { ADOPT_ACTIONS, type ActionName } from '@csp/contracts';

/** Which of the course screen's buttons the caller's actions on this course allow. */
export interface CourseCapabilities {
  /** Any adopt action: view, edit, message, remove from a section they may adopt for. */
  mayAdopt: boolean;
  /**
   * The course-level adopters (the course materials team, submitters): e-mailing the future
   * adoptions and ending a course adoption, which applies to every section. An instructor
   * adopts for their own sections only, so the server refuses them these.
   */
  mayActOnCourse: boolean;
  /**
   * Linking an adoption of a proposed title to the catalog title found for it (the wizard's
   * link_new mode): the course materials team, or whoever may assign titles.
   */
  mayLinkTitles: boolean;
  /**
   * Editing a title's kind, licence, address and prices (issue 31): the course materials team
   * store-wide (titles are every catalog's), as the server says (`mayEditTitles`); a member
   * limited to some departments is not offered what the server would refuse.
   */
  mayEditTitles: boolean;
}

/**
 * `actions` are held on the course or one of its sections; `courseActions` on the course
 * itself, which what applies to every section needs (a section-scoped submitter has none);
 * `mayEditTitles` is the server's word (getCourseUserActions).
 */
export function courseCapabilities(
  actions: readonly ActionName[],
  courseActions: readonly ActionName[],
  mayEditTitles: boolean,
): CourseCapabilities {
  return {
    mayAdopt: actions.some((a) => ADOPT_ACTIONS.includes(a)),
    mayActOnCourse:
      courseActions.includes('ADOPT_CMA_TEAM') || courseActions.includes('ADOPT_COURSE'),
    mayLinkTitles: actions.includes('ADOPT_CMA_TEAM') || actions.includes('ASSIGN_TITLE'),
    mayEditTitles,
  };
}
