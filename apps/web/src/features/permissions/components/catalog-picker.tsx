import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCourses, useDepartments, useDivisions } from '../api/permission-queries.ts';
import {
  NO_CATALOG,
  chosenDepartment,
  chosenDivisionId,
  type CatalogSelection,
} from '../catalog-selection.ts';
import { ALL_COURSES, ALL_DEPARTMENTS, ALL_DIVISIONS } from '../permission-messages.ts';

interface CatalogPickerProps {
  value: CatalogSelection;
  onChange: (value: CatalogSelection) => void;
  disabled?: boolean;
}

interface Option {
  value: string;
  label: string;
}

/** A level's choices: "All …" first (no narrower catalog), then the level's loaded rows. */
function levelOptions<T>(all: Option, rows: readonly T[] | undefined, option: (row: T) => Option) {
  return [all, ...(rows ?? []).map(option)];
}

function LevelSelect(props: {
  label: string;
  value: string;
  options: Option[];
  state: { isLoading: boolean; error: unknown };
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const { isLoading, error } = props.state;
  return (
    <TextField
      select
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      disabled={props.disabled || isLoading || Boolean(error)}
      error={Boolean(error)}
      helperText={error ? errorMessage(error) : isLoading ? 'Loading…' : undefined}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 200, flex: 1 }}
    >
      {props.options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}

/**
 * Division, then department, then course (docs/behaviour/routes-and-guard.md, docs/behaviour/validation.md). Departments load only for a division
 * other than 'all', courses only for a department other than 'All'; changing a level, or
 * clicking a breadcrumb, resets the levels below it.
 */
export function CatalogPicker({ value, onChange, disabled }: CatalogPickerProps) {
  const divisionId = chosenDivisionId(value);
  const departmentCode = chosenDepartment(value);
  const divisions = useDivisions(true);
  const departments = useDepartments(divisionId);
  const courses = useCourses(divisionId, departmentCode);

  const divisionName = divisions.data?.find((d) => d.divisionId === divisionId)?.divisionName;
  const crumbs: { label: string; reset: CatalogSelection }[] = [
    { label: 'All divisions', reset: NO_CATALOG },
  ];
  if (divisionId !== null) {
    crumbs.push({
      label: divisionName ?? value.division,
      reset: { ...NO_CATALOG, division: value.division },
    });
  }
  if (departmentCode !== null) {
    crumbs.push({ label: departmentCode, reset: { ...value, course: ALL_COURSES } });
  }
  if (departmentCode !== null && value.course !== ALL_COURSES) {
    crumbs.push({ label: value.course, reset: value });
  }

  return (
    <Stack spacing={1.5}>
      <Breadcrumbs aria-label="Selected catalog">
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Typography key={index} color="text.primary" aria-current="location">
              {crumb.label}
            </Typography>
          ) : (
            <Link
              key={index}
              component="button"
              type="button"
              underline="hover"
              disabled={disabled}
              onClick={() => onChange(crumb.reset)}
            >
              {crumb.label}
            </Link>
          ),
        )}
      </Breadcrumbs>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        <LevelSelect
          label="Division"
          value={value.division}
          disabled={disabled}
          state={divisions}
          options={levelOptions(
            { value: ALL_DIVISIONS, label: 'All divisions (no catalog)' },
            divisions.data,
            (d) => ({ value: String(d.divisionId), label: d.divisionName }),
          )}
          onChange={(division) => onChange({ ...NO_CATALOG, division })}
        />
        {divisionId !== null && (
          <LevelSelect
            label="Department"
            value={value.department}
            disabled={disabled}
            state={departments}
            options={levelOptions(
              { value: ALL_DEPARTMENTS, label: 'All departments' },
              departments.data,
              (d) => ({
                value: d.departmentCode,
                label: `${d.departmentCode} - ${d.departmentName}`,
              }),
            )}
            onChange={(department) => onChange({ ...value, department, course: ALL_COURSES })}
          />
        )}
        {departmentCode !== null && (
          <LevelSelect
            label="Course"
            value={value.course}
            disabled={disabled}
            state={courses}
            options={levelOptions(
              { value: ALL_COURSES, label: 'All courses' },
              courses.data,
              (c) => ({ value: c.courseCode, label: `${c.courseCode} - ${c.courseName}` }),
            )}
            onChange={(course) => onChange({ ...value, course })}
          />
        )}
      </Stack>
    </Stack>
  );
}
