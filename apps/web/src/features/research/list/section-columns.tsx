import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { sectionAdoptionsText } from '@csp/contracts';
import type { SectionRow, SectionSortField } from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { CostChipAndRange } from './cost-chip-and-range.tsx';
import { SectionDeadline } from './section-deadline.tsx';
import { SectionLink } from './section-links.tsx';
import { SectionStatus } from './section-status.tsx';

/**
 * How many columns fit beside the drawer: all from 1536 px ('wide'); from 1200 px the term
 * (the filter names it) and the end date give way and the textbook cost goes under the status
 * ('medium'); below, the professors too.
 */
export type GridLayout = 'wide' | 'medium' | 'compact';

/**
 * A column whose field is a server sort field, so clicking its header sorts on the server; or
 * the deadline standing or textbook cost, which the server does not sort by, so their headers
 * do not offer to (the Textbook cost filter narrows the list instead).
 */
export type SectionColumn = GridColDef<SectionRow> &
  ({ field: SectionSortField } | { field: 'deadlineStatus' | 'designation'; sortable: false });

/**
 * The list's columns (docs/behaviour/constants.md: MM/DD/YYYY dates, the NMR rule for adoptions). The course
 * column shows course and section code together, the section's name; the section code alone
 * sorts through the "Sort by" field.
 */
export function sectionColumns(listSearch: string, layout: GridLayout = 'wide'): SectionColumn[] {
  // Below 1536 px the textbook cost has no room of its own: it goes under the status.
  const costApart = layout === 'wide';
  const columns: SectionColumn[] = [
    {
      field: 'courseCode',
      headerName: 'Section',
      width: 150,
      renderCell: ({ row, tabIndex }) => (
        <SectionLink row={row} listSearch={listSearch} tabIndex={tabIndex} />
      ),
    },
    { field: 'courseName', headerName: 'Course name', flex: 2, minWidth: 160 },
    { field: 'termName', headerName: 'Term', width: 110 },
    {
      field: 'professors',
      headerName: 'Professors',
      flex: 1,
      minWidth: 140,
      valueGetter: (_value, row) => row.professors.join('; '),
    },
    {
      field: 'startDate',
      headerName: 'Start',
      width: 112,
      valueFormatter: (value: string) => formatDisplayDate(value),
    },
    {
      field: 'endDate',
      headerName: 'End',
      width: 112,
      valueFormatter: (value: string) => formatDisplayDate(value),
    },
    {
      field: 'enrollmentCount',
      headerName: 'Enrolled',
      type: 'number',
      width: 100,
    },
    {
      field: 'listingCount',
      headerName: 'Adoptions',
      width: 110,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_value, row) => sectionAdoptionsText(row),
    },
    {
      field: 'adoptionStatus',
      headerName: costApart ? 'Status' : 'Status · Textbook cost',
      width: 190,
      renderCell: ({ row }) =>
        costApart ? (
          <SectionStatus status={row.adoptionStatus} />
        ) : (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <SectionStatus status={row.adoptionStatus} />
            <CostChipAndRange row={row} inline />
          </Stack>
        ),
    },
    {
      field: 'deadlineStatus',
      headerName: 'Deadline',
      width: 120,
      sortable: false,
      renderCell: ({ row }) => <SectionDeadline row={row} />,
    },
  ];
  if (costApart)
    columns.push({
      field: 'designation',
      headerName: 'Textbook cost',
      width: 150,
      sortable: false,
      renderCell: ({ row }) => <CostChipAndRange row={row} />,
    });
  return columns;
}
