import { ALL_DIVISIONS, chosenLevels } from './course-list-url-state.ts';
import type { CourseListView } from './course-list-url-state.ts';
import {
  useAdoptionCourses,
  useAdoptionDepartments,
  useAdoptionDivisions,
} from './course-queries.ts';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { departmentLabel } from '@csp/contracts';

interface CourseLevelFiltersProps {
  view: CourseListView;
  onChange: (patch: Partial<CourseListView>) => void;
  disabled: boolean;
}

/**
 * Division, then department, then course (docs/behaviour/validation.md): each level lists the caller's own scope
 * and loads only once the level above is chosen; changing a level clears the levels below.
 */
export function CourseLevelFilters({ view, onChange, disabled }: CourseLevelFiltersProps) {
  const { divisionId, departmentCode } = chosenLevels(view);
  const divisions = useAdoptionDivisions();
  const departments = useAdoptionDepartments(divisionId);
  const courses = useAdoptionCourses(divisionId, departmentCode);

  return (
    <>
      <FilterSelect
        label="Division"
        value={String(view.division)}
        disabled={disabled}
        source={divisions}
        options={[
          { value: String(ALL_DIVISIONS), label: 'All divisions' },
          ...(divisions.data ?? []).map((d) => ({
            value: String(d.divisionId),
            label: d.divisionName,
          })),
        ]}
        onChange={(value) => onChange({ division: Number(value), department: '', course: '' })}
      />
      <FilterSelect
        label="Department"
        value={departmentCode ?? ''}
        disabled={disabled || divisionId === null}
        source={divisionId === null ? undefined : departments}
        options={[
          { value: '', label: divisionId === null ? 'Choose a division first' : 'All departments' },
          ...(departments.data ?? []).map((d) => ({
            value: d.departmentCode,
            label: departmentLabel(d.departmentCode, d.departmentName),
          })),
        ]}
        onChange={(value) => onChange({ department: value, course: '' })}
      />
      <FilterSelect
        label="Course"
        value={departmentCode === null ? '' : view.course}
        disabled={disabled || departmentCode === null}
        source={departmentCode === null ? undefined : courses}
        options={[
          {
            value: '',
            label: departmentCode === null ? 'Choose a department first' : 'All courses',
          },
          ...(courses.data ?? []).map((c) => ({
            value: c.courseCode,
            label: `${c.courseCode} - ${c.courseName}`,
          })),
        ]}
        onChange={(value) => onChange({ course: value })}
      />
    </>
  );
}
