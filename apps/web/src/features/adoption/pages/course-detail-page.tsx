import { CourseDetail } from '../course-detail/course-detail.tsx';
import { CourseNotFound } from '../course-detail/course-not-found.tsx';
import { useCourseRef } from '../course-detail/course-ref.ts';

/** /adopt/course/:divisionId/:departmentCode/:courseCode (docs/behaviour/routes-and-guard.md#routes CourseDetail). */
export function CourseDetailPage() {
  const course = useCourseRef();
  if (!course) return <CourseNotFound course={null} />;
  // A new course starts afresh: no dialog or question of the last one carries over.
  const key = `${course.divisionId}/${course.departmentCode}/${course.courseCode}`;
  return <CourseDetail key={key} course={course} />;
}
