import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, type IaProgramRow } from '@csp/contracts';
import type { TableColumn } from '../../../components/responsive-table.tsx';
import { AccessListDownload } from '../access-lists/access-list-download.tsx';
import { PROGRAM_TEXT as T, rateText } from './program-text.ts';

export const sectionName = (r: IaProgramRow) =>
  `${r.departmentCode} ${r.courseCode}, section ${r.sectionCode}`;

/**
 * The programs' columns; the last one opens a program's editor or its participants, and downloads
 * the section's access list (the students who are in) for the publisher's or LMS's platform.
 */
export function programColumns(
  onEdit: (sectionId: number) => void,
  onView: (row: IaProgramRow) => void,
): TableColumn<IaProgramRow>[] {
  return [
    {
      key: 'section',
      label: 'Section',
      minWidth: 180,
      render: (r) => (
        <span>
          {sectionName(r)}
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: 'block' }}
          >
            {r.courseName}
          </Typography>
        </span>
      ),
    },
    {
      key: 'materials',
      label: 'Materials',
      minWidth: 200,
      render: (r) =>
        r.materials.map((m) => `${m.titleName} (${formatMoney(m.priceCents)})`).join('; '),
    },
    {
      key: 'model',
      label: 'Model',
      render: (r) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {r.model === 'OPT_OUT' ? 'Opt-out' : 'Opt-in'}
        </Box>
      ),
    },
    { key: 'enrolled', label: 'Enrolled', align: 'right', render: (r) => r.enrolled },
    { key: 'in', label: 'In', align: 'right', render: (r) => r.participantsIn },
    { key: 'out', label: 'Out', align: 'right', render: (r) => r.participantsOut },
    { key: 'rate', label: 'Opt-out rate', align: 'right', render: (r) => rateText(r.optOutRate) },
    {
      key: 'actions',
      label: 'Actions',
      render: (r) => (
        // The access list under the two buttons: one tidy block, however narrow the column.
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              size="small"
              onClick={() => onEdit(r.sectionId)}
              aria-label={`${T.editProgram} of ${sectionName(r)}`}
            >
              Edit
            </Button>
            <Button
              size="small"
              onClick={() => onView(r)}
              aria-label={`${T.participants} of ${sectionName(r)}`}
            >
              {T.participants}
            </Button>
          </Stack>
          <AccessListDownload
            sectionId={r.sectionId}
            sectionLabel={sectionName(r)}
            text={T.accessList}
          />
        </Stack>
      ),
    },
  ];
}
