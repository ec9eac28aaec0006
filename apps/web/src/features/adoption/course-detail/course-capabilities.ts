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
}

export function courseCapabilities(actions: readonly ActionName[]): CourseCapabilities {
  return {
    mayAdopt: actions.some((a) => ADOPT_ACTIONS.includes(a)),
    mayActOnCourse: actions.includes('ADOPT_CMA_TEAM') || actions.includes('ADOPT_COURSE'),
  };
}
