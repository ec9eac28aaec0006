import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { departmentLabel } from '@csp/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCourses, useDepartments, useDivisions } from '../api/permission-queries.ts';
import {
  NO_CATALOG,
  chooseLevel,
  chosenDepartment,
  chosenDivisionId,
  type CatalogLevel,
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

/** Each level's select: its label, and its "All …" choice (no narrower catalog) first. */
const LEVELS: Record<CatalogLevel, { label: string; all: Option }> = {
  division: {
    label: 'Division',
    all: { value: ALL_DIVISIONS, label: 'All divisions (no catalog)' },
  },
  department: { label: 'Department', all: { value: ALL_DEPARTMENTS, label: 'All departments' } },
  course: { label: 'Course', all: { value: ALL_COURSES, label: 'All courses' } },
};

/** A level shown, with the state of its rows' query and those rows as choices. */
interface ShownLevel {
  level: CatalogLevel;
  state: { isLoading: boolean; error: unknown };
  rows: Option[] | undefined;
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

  const levels: ShownLevel[] = [
    {
      level: 'division',
      state: divisions,
      rows: divisions.data?.map((d) => ({ value: String(d.divisionId), label: d.divisionName })),
    },
  ];
  if (divisionId !== null) {
    levels.push({
      level: 'department',
      state: departments,
      rows: departments.data?.map((d) => ({
        value: d.departmentCode,
        label: departmentLabel(d.departmentCode, d.departmentName),
      })),
    });
  }
  if (departmentCode !== null) {
    levels.push({
      level: 'course',
      state: courses,
      rows: courses.data?.map((c) => ({
        value: c.courseCode,
        label: `${c.courseCode} - ${c.courseName}`,
      })),
    });
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
        {levels.map(({ level, state, rows }) => (
          <LevelSelect
            key={level}
            label={LEVELS[level].label}
            value={value[level]}
            disabled={disabled}
            state={state}
            options={[LEVELS[level].all, ...(rows ?? [])]}
            onChange={(chosen) => onChange(chooseLevel(value, level, chosen))}
          />
        ))}
      </Stack>
    </Stack>
  );
}
