import { useParams } from 'react-router';

/** The course named by the route: /adopt/course/:divisionId/:departmentCode/:courseCode. */
export interface CourseRef {
  divisionId: number;
  departmentCode: string;
  courseCode: string;
}

/**
 * The route's course, or null when the link cannot name one (a division that is not a
 * positive whole number): such a link is answered with the not-found page without a call.
 */
export function useCourseRef(): CourseRef | null {
  const params = useParams();
  const divisionId = Number(params.divisionId);
  const departmentCode = (params.departmentCode ?? '').trim();
  const courseCode = (params.courseCode ?? '').trim();
  if (!Number.isInteger(divisionId) || divisionId <= 0 || !departmentCode || !courseCode) {
    return null;
  }
  return { divisionId, departmentCode, courseCode };
}

/** "BIOL 101": how staff write a course. */
export function courseCodeLabel(course: Pick<CourseRef, 'departmentCode' | 'courseCode'>) {
  return `${course.departmentCode} ${course.courseCode}`;
}
