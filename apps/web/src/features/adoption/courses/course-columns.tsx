import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { CourseDTO, CourseSortField } from '@csp/contracts';
import {
  AdoptedMark,
  DeadlineLine,
  CourseLink,
  NextStart,
  ResponseLine,
  ResponseMark,
  SectionCounts,
} from './course-cells.tsx';
import { CourseCostMark } from './course-cost.tsx';

/** A column whose field is a server sort field, so clicking its header sorts on the server. */
type CourseColumn = GridColDef<CourseDTO> & { field: CourseSortField };

const code: CourseColumn = {
  field: 'courseCode',
  headerName: 'Course',
  width: 96,
  renderCell: ({ row, tabIndex }) => <CourseLink course={row} tabIndex={tabIndex} />,
};

const nextStart: CourseColumn = {
  field: 'nextStartDate',
  headerName: 'Next start',
  // Room for the header and its sort arrow.
  width: 120,
  renderCell: ({ row }) => <NextStart value={row.nextStartDate} />,
};

const adopted: CourseColumn = {
  field: 'adoptionStatus',
  headerName: 'Adopted',
  width: 86,
  align: 'center',
  headerAlign: 'center',
  renderCell: ({ row }) => <AdoptedMark status={row.adoptionStatus} />,
};

/** The name, with the course's textbook cost mark under it (no room for a column of its own). */
const courseName: CourseColumn = {
  field: 'courseName',
  headerName: 'Course name',
  flex: 2,
  minWidth: 150,
  renderCell: ({ row }) => (
    <Stack sx={{ minWidth: 0 }}>
      <Typography variant="body2">{row.courseName}</Typography>
      <CourseCostMark course={row} />
    </Stack>
  ),
};

const response: CourseColumn = {
  field: 'responseRequired',
  headerName: 'Response',
  width: 108,
  renderCell: ({ row }) => <ResponseMark required={row.responseRequired} />,
};

/** Every column, for screens with room for them (their minimum widths fit 900 px). */
export const WIDE_COLUMNS: readonly CourseColumn[] = [
  code,
  courseName,
  {
    // Shows the name, so sorts by it (the code is in the course column).
    field: 'departmentName',
    headerName: 'Department',
    flex: 1,
    minWidth: 120,
    valueGetter: (_value, row) => row.departmentName || row.departmentCode,
  },
  { field: 'divisionName', headerName: 'Division', flex: 1, minWidth: 110 },
  nextStart,
  {
    field: 'sectionCount',
    headerName: 'Sections',
    width: 108,
    renderCell: ({ row }) => <SectionCounts course={row} />,
  },
  adopted,
  response,
];

/** A tablet, or a desktop window beside the drawer: the course, its start and its state. */
export const MEDIUM_COLUMNS: readonly CourseColumn[] = [
  code,
  {
    ...courseName,
    minWidth: 140,
    // No Sections column here: the deadline figures go under the name.
    renderCell: ({ row }) => (
      <Stack sx={{ minWidth: 0 }}>
        <Typography variant="body2">{row.courseName}</Typography>
        <DeadlineLine course={row} />
        <CourseCostMark course={row} />
      </Stack>
    ),
  },
  { ...nextStart, headerName: 'Starts', width: 100 },
  adopted,
  response,
];

/**
 * A phone keeps what a clerk scans for: which course (code and name together, so the name has
 * the whole width, with a response needed marked under it), when it next starts, and whether
 * it is adopted.
 */
export const NARROW_COLUMNS: readonly CourseColumn[] = [
  {
    ...code,
    width: undefined,
    flex: 1,
    minWidth: 120,
    renderCell: ({ row, tabIndex }) => (
      <Stack sx={{ minWidth: 0 }}>
        <CourseLink course={row} tabIndex={tabIndex} />
        <Typography variant="body2" color="text.secondary">
          {row.courseName}
        </Typography>
        {row.responseRequired && <ResponseLine />}
        <DeadlineLine course={row} />
        <CourseCostMark course={row} />
      </Stack>
    ),
  },
  { ...nextStart, headerName: 'Starts', width: 96 },
  { ...adopted, width: 80 },
];

export type GridLayout = 'wide' | 'medium' | 'narrow';

export const COLUMNS: Record<GridLayout, readonly CourseColumn[]> = {
  wide: WIDE_COLUMNS,
  medium: MEDIUM_COLUMNS,
  narrow: NARROW_COLUMNS,
};
