import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  ROLLOVER_SECTION_STATES,
  ROLLOVER_STATE_LABELS,
  type MaterialChange,
  type RolloverMaterial,
  type RolloverSection,
  type RolloverSectionState,
} from '@csp/contracts';
import { NativeSelect } from '../../../components/native-select.tsx';
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

/** One section as a card: the phone's layout, where six columns do not fit. */
function SectionCard({ s }: { s: RolloverSection }) {
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: 'center' }}
      >
        <Typography sx={{ fontWeight: 600 }}>
          {s.departmentCode} {s.courseCode} · {T.section} {s.sectionCode}
        </Typography>
        <StateChip state={s.state} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {s.courseName}
        {enrollment(s) ? ` · ${T.enrollment} ${enrollment(s)}` : ''}
      </Typography>
      {s.state !== 'NEW_SECTION' && <Materials materials={s.materials} />}
      <Changes changes={s.changes} />
    </Box>
  );
}

function StateChip({ state }: { state: RolloverSectionState }) {
  return <Chip size="small" color={STATE_COLORS[state]} label={ROLLOVER_STATE_LABELS[state]} />;
}

function SectionTable({ sections }: { sections: readonly RolloverSection[] }) {
  return (
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
          {sections.map((s) => (
            <TableRow key={`${s.courseId}:${s.sectionCode}`}>
              <TableCell component="th" scope="row">
                <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {s.departmentCode} {s.courseCode}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {s.courseName}
                </Typography>
              </TableCell>
              <TableCell>{s.sectionCode}</TableCell>
              <TableCell>
                <StateChip state={s.state} />
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
  );
}

/**
 * The preview's sections, those of one state if chosen, a page at a time: a table that
 * scrolls sideways on a tablet, a list of cards on a phone.
 */
export function PreviewTable({ sections }: { sections: readonly RolloverSection[] }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [asked, setState] = useState<RolloverSectionState | ''>('');
  const [askedPage, setPage] = useState(1);
  const present = ROLLOVER_SECTION_STATES.filter((x) => sections.some((s) => s.state === x));
  // The preview is read again after an apply: a state no section has any more (To carry, once
  // carried) shows them all, and a page past the last shows the last.
  const state = asked !== '' && !present.includes(asked) ? '' : asked;
  const chosen = state === '' ? sections : sections.filter((s) => s.state === state);
  const pages = Math.ceil(chosen.length / PREVIEW_PAGE_ROWS);
  const page = Math.min(askedPage, Math.max(pages, 1));
  const shown = chosen.slice((page - 1) * PREVIEW_PAGE_ROWS, page * PREVIEW_PAGE_ROWS);
  return (
    <Stack spacing={2} useFlexGap>
      <Box sx={{ maxWidth: 320 }}>
        <NativeSelect
          label={T.show}
          value={state}
          onChange={(v) => {
            setState(v as RolloverSectionState | '');
            setPage(1);
          }}
          options={present.map((x) => ({ value: x, label: ROLLOVER_STATE_LABELS[x] }))}
        >
          <option value="">{T.allSections(sections.length)}</option>
        </NativeSelect>
      </Box>
      {phone ? (
        <Box component="ul" aria-label={T.sectionsTable} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {shown.map((s) => (
            <SectionCard key={`${s.courseId}:${s.sectionCode}`} s={s} />
          ))}
        </Box>
      ) : (
        <SectionTable sections={shown} />
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          siblingCount={phone ? 0 : 1}
          onChange={(_, next) => setPage(next)}
          aria-label="Pages of sections"
        />
      )}
    </Stack>
  );
}
