import { departmentLabel } from '@csp/contracts';
import {
  useResearchCourses,
  useResearchDepartments,
  useResearchDivisions,
  useResearchTerms,
} from '../api/research-queries.ts';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { chosenLevels, type SectionView } from './section-url-state.ts';

interface SectionLevelFiltersProps {
  view: SectionView;
  onChange: (patch: Partial<SectionView>) => void;
}

const id = (value: string) => (value ? Number(value) : undefined);

/**
 * Division, then term, then department, then course: each level lists what lies in the
 * caller's section scope and loads once the level above is chosen; changing a level clears
 * the levels below it (their choices belonged to the old parent).
 */
export function SectionLevelFilters({ view, onChange }: SectionLevelFiltersProps) {
  const { divisionId, termId, departmentId, courseId } = chosenLevels(view);
  const divisions = useResearchDivisions();
  const terms = useResearchTerms(divisionId);
  const departments = useResearchDepartments(termId);
  const courses = useResearchCourses(departmentId, termId);
  const text = (value: number | null) => (value === null ? '' : String(value));
  const below = { term: undefined, department: undefined, course: undefined };

  return (
    <>
      <FilterSelect
        label="Division"
        value={text(divisionId)}
        source={divisions}
        options={[
          { value: '', label: 'All divisions' },
          ...(divisions.data ?? []).map((d) => ({
            value: String(d.divisionId),
            label: d.divisionName,
          })),
        ]}
        onChange={(value) => onChange({ ...below, division: id(value) })}
      />
      <FilterSelect
        label="Term"
        value={text(termId)}
        disabled={divisionId === null}
        source={divisionId === null ? undefined : terms}
        options={[
          { value: '', label: divisionId === null ? 'Choose a division first' : 'All terms' },
          ...(terms.data ?? []).map((t) => ({ value: String(t.termId), label: t.termName })),
        ]}
        onChange={(value) =>
          onChange({ term: id(value), department: undefined, course: undefined })
        }
      />
      <FilterSelect
        label="Department"
        value={text(departmentId)}
        disabled={termId === null}
        source={termId === null ? undefined : departments}
        options={[
          { value: '', label: termId === null ? 'Choose a term first' : 'All departments' },
          ...(departments.data ?? []).map((d) => ({
            value: String(d.departmentId),
            label: departmentLabel(d.departmentCode, d.departmentName),
          })),
        ]}
        onChange={(value) => onChange({ department: id(value), course: undefined })}
      />
      <FilterSelect
        label="Course"
        value={text(courseId)}
        disabled={departmentId === null}
        source={departmentId === null ? undefined : courses}
        options={[
          {
            value: '',
            label: departmentId === null ? 'Choose a department first' : 'All courses',
          },
          ...(courses.data ?? []).map((c) => ({
            value: String(c.courseId),
            label: `${c.courseCode} - ${c.courseName}`,
          })),
        ]}
        onChange={(value) => onChange({ course: id(value) })}
      />
    </>
  );
}
