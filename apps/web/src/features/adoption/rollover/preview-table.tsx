import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  ROLLOVER_STATE_LABELS,
  type MaterialChange,
  type RolloverMaterial,
  type RolloverSection,
  type RolloverSectionState,
} from '@csp/contracts';
import { ROLLOVER_TEXT as T } from './rollover-text.ts';

/** Rows per page of the table: a division's preview can hold thousands of sections. */
export const PREVIEW_PAGE_ROWS = 50;

const STATE_COLORS: Record<RolloverSectionState, 'success' | 'default' | 'warning' | 'info'> = {
  CARRY: 'success',
  ALREADY_ADOPTED: 'default',
  NOTHING_TO_CARRY: 'default',
  SECTION_GONE: 'warning',
  NEW_SECTION: 'info',
};

function Changes({ changes }: { changes: readonly MaterialChange[] }) {
  if (changes.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {changes.map((c) => (
        <li key={`${c.kind}:${c.message}`}>
          <Typography variant="body2" color="warning.dark">
            {c.message}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

function Materials({ materials }: { materials: readonly RolloverMaterial[] }) {
  if (materials.length === 0) return <Typography variant="body2">{T.none}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {materials.map((m) => (
        <li key={m.adoptionMaterialId}>
          <Typography variant="body2">
            {m.title}
            {m.isbn ? `, ISBN ${m.isbn}` : ''}
            {m.noTextRequired ? '' : ` (${m.required ? T.required : T.recommended})`}
          </Typography>
          <Changes changes={m.changes} />
        </li>
      ))}
    </Box>
  );
}

const enrollment = (s: RolloverSection) =>
  s.sourceEnrollment === null && s.targetEnrollment === null
    ? ''
    : `${s.sourceEnrollment ?? '–'} → ${s.targetEnrollment ?? '–'}`;

/** The preview's sections, a page at a time, in a table that scrolls sideways on a phone. */
export function PreviewTable({ sections }: { sections: readonly RolloverSection[] }) {
  const [page, setPage] = useState(1);
  const pages = Math.ceil(sections.length / PREVIEW_PAGE_ROWS);
  const shown = sections.slice((page - 1) * PREVIEW_PAGE_ROWS, page * PREVIEW_PAGE_ROWS);
  return (
    <>
      <Box
        role="region"
        aria-label={T.sectionsTable}
        tabIndex={0}
        sx={{ overflowX: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
      >
        <Table size="small" sx={{ minWidth: 720 }}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{T.course}</TableCell>
              <TableCell scope="col">{T.section}</TableCell>
              <TableCell scope="col">{T.state}</TableCell>
              <TableCell scope="col">{T.materials}</TableCell>
              <TableCell scope="col">{T.changes}</TableCell>
              <TableCell scope="col">{T.enrollment}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((s) => (
              <TableRow key={`${s.courseId}:${s.sectionCode}`}>
                <TableCell component="th" scope="row">
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {s.departmentCode} {s.courseCode}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {s.courseName}
                  </Typography>
                </TableCell>
                <TableCell>{s.sectionCode}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={STATE_COLORS[s.state]}
                    label={ROLLOVER_STATE_LABELS[s.state]}
                  />
                </TableCell>
                <TableCell>
                  <Materials materials={s.state === 'NEW_SECTION' ? [] : s.materials} />
                </TableCell>
                <TableCell>
                  <Changes changes={s.changes} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{enrollment(s)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {pages > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          count={pages}
          page={page}
          onChange={(_, next) => setPage(next)}
          aria-label="Pages of sections"
        />
      )}
    </>
  );
}
