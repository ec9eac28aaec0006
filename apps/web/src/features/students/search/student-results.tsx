import { useId, type KeyboardEvent, type RefObject } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  STUDENT_SEARCH_MAX_RESULTS,
  STUDENT_SEARCH_PAGE_SIZE,
  type StudentSearchResult,
} from '@csp/contracts';
import { STUDENT_SEARCH_MESSAGES as M } from './student-search-messages.ts';
import { NoResults } from '../../../components/list/no-results.tsx';
import { ResultsHeading } from '../../../components/list/results-heading.tsx';
import { SearchFailure } from '../../../components/load-failure.tsx';

export const studentPath = (customerId: number) => `/search/student/${customerId}`;

interface StudentResultsProps {
  q: string;
  page: number;
  students: readonly StudentSearchResult[];
  recordCount: number | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  onPage: (page: number) => void;
  listRef: RefObject<HTMLUListElement | null>;
  /** ArrowUp on the first result goes back to the field. */
  onLeaveTop: () => void;
}

/** Arrow keys, Home and End move between the result links (Tab works too). */
function moveFocus(event: KeyboardEvent<HTMLUListElement>, onLeaveTop: () => void) {
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a[href]')];
  const index = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (index < 0) return;
  const target =
    event.key === 'ArrowDown'
      ? links[Math.min(index + 1, links.length - 1)]
      : event.key === 'ArrowUp'
        ? index === 0
          ? null
          : links[index - 1]
        : event.key === 'Home'
          ? links[0]
          : event.key === 'End'
            ? links[links.length - 1]
            : undefined;
  if (target === undefined) return;
  event.preventDefault();
  if (target === null) onLeaveTop();
  else target.focus();
}

export function StudentResults(props: StudentResultsProps) {
  const headingId = useId();
  const { q, recordCount, error, listRef, onLeaveTop } = props;
  if (error) {
    return (
      <SearchFailure
        error={error}
        onRetry={props.onRetry}
        failedTitle={M.failed}
        forbiddenTitle="No students to show"
      />
    );
  }
  if (recordCount === 0 && !props.loading) {
    return <NoResults title={M.none(q)} hint={M.noneHint} />;
  }
  const pages = Math.ceil((recordCount ?? 0) / STUDENT_SEARCH_PAGE_SIZE);
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1}>
      <ResultsHeading
        id={headingId}
        title="Students"
        status={
          recordCount === undefined
            ? M.searching
            : recordCount >= STUDENT_SEARCH_MAX_RESULTS
              ? M.capped(recordCount)
              : M.found(recordCount)
        }
      />
      <Box sx={{ minHeight: 4 }}>{props.loading && <LinearProgress aria-label="Searching" />}</Box>
      {props.students.length > 0 && (
        <Paper
          variant="outlined"
          component="ul"
          ref={listRef}
          aria-labelledby={headingId}
          onKeyDown={(event: KeyboardEvent<HTMLUListElement>) => moveFocus(event, onLeaveTop)}
          sx={{ listStyle: 'none', m: 0, p: 0, opacity: props.loading ? 0.6 : 1 }}
        >
          {props.students.map((student) => (
            <StudentRow key={student.customerId} student={student} />
          ))}
        </Paper>
      )}
      {pages > 1 && (
        <Box
          component="nav"
          aria-label="Result pages"
          sx={{ display: 'flex', justifyContent: 'center', pt: 1 }}
        >
          <Pagination
            count={pages}
            page={props.page}
            onChange={(_, page) => props.onPage(page)}
            siblingCount={1}
            size="large"
          />
        </Box>
      )}
    </Stack>
  );
}

function StudentRow({ student }: { student: StudentSearchResult }) {
  const rentals = student.outstandingRentals;
  return (
    <Box component="li" sx={{ '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Box
        component={RouterLink}
        to={studentPath(student.customerId)}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          px: 2,
          py: 1.5,
          minHeight: 64,
          color: 'text.primary',
          textDecoration: 'none',
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': {
            outline: '3px solid',
            outlineColor: 'primary.main',
            outlineOffset: -3,
            bgcolor: 'action.selected',
          },
        }}
      >
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            columnGap: 2,
            rowGap: 0.5,
          }}
        >
          <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
              {student.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              Student ID <strong>{student.studentIdNum}</strong>
              {student.email && <> · {student.email}</>}
            </Typography>
          </Box>
          <Chip
            size="small"
            label={
              rentals === 0
                ? 'No outstanding rentals'
                : `${rentals} outstanding rental${rentals === 1 ? '' : 's'}`
            }
            sx={
              rentals > 0
                ? { bgcolor: '#fff3cd', color: '#5c3c00', fontWeight: 600 }
                : {
                    bgcolor: 'transparent',
                    color: 'text.secondary',
                    px: 0,
                    '& .MuiChip-label': { px: 0 },
                  }
            }
          />
        </Box>
        <ChevronRightIcon color="action" aria-hidden />
      </Box>
    </Box>
  );
}
