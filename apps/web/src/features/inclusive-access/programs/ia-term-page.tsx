import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, type IaProgramRow } from '@csp/contracts';
import { LoadFailure, failureStatus } from '../../../components/load-failure.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import { ResponsiveTable, type TableColumn } from '../../../components/responsive-table.tsx';
import { useIaTermPrograms } from '../api/program-queries.ts';
import { TermFigures } from './ia-terms-page.tsx';
import { ParticipantsDialog } from './participants-dialog.tsx';
import { ProgramEditorDialog } from './program-editor-dialog.tsx';
import { PROGRAM_TEXT as T, datesLine, rateText } from './program-text.ts';
import { SectionPicker } from './section-picker.tsx';

const PAGE_SIZE = 25;

const sectionName = (r: IaProgramRow) =>
  `${r.departmentCode} ${r.courseCode}, section ${r.sectionCode}`;

/** The programs' columns; the last one opens a program's editor or its participants. */
function programColumns(
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
    { key: 'model', label: 'Model', render: (r) => (r.model === 'OPT_OUT' ? 'Opt-out' : 'Opt-in') },
    { key: 'enrolled', label: 'Enrolled', align: 'right', render: (r) => r.enrolled },
    { key: 'in', label: 'In', align: 'right', render: (r) => r.participantsIn },
    { key: 'out', label: 'Out', align: 'right', render: (r) => r.participantsOut },
    { key: 'rate', label: 'Opt-out rate', align: 'right', render: (r) => rateText(r.optOutRate) },
    {
      key: 'actions',
      label: 'Actions',
      render: (r) => (
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
      ),
    },
  ];
}

/**
 * /inclusive-access/terms/:termId (issue 32): the term's sections in the program with their
 * materials, prices, model and participation, a way to add a section, and each program's
 * editor and participants.
 */
export function IaTermPage() {
  const termId = Number(useParams().termId);
  const [page, setPage] = useState(1);
  const query = useIaTermPrograms(termId, page, PAGE_SIZE);
  const [editing, setEditing] = useState<number | null>(null);
  const [viewing, setViewing] = useState<IaProgramRow | null>(null);
  const data = query.data;

  const columns = programColumns(setEditing, setViewing);

  return (
    <Stack spacing={3} useFlexGap sx={{ minWidth: 0 }}>
      <div>
        <Link component={RouterLink} to="/inclusive-access">
          {T.pageTitle}
        </Link>
        <PageHeading>
          {data ? `${T.pageTitle}: ${data.term.termName}, ${data.term.divisionName}` : T.pageTitle}
        </PageHeading>
        {data && <Typography color="text.secondary">{datesLine(data.term)}</Typography>}
      </div>
      {data ? (
        <>
          <TermFigures term={data.term} />
          <SectionPicker termId={termId} onPick={setEditing} />
          {data.programs.length === 0 ? (
            <Alert severity="info">{T.noPrograms}</Alert>
          ) : (
            <ResponsiveTable
              label={`Programs of ${data.term.termName}`}
              columns={columns}
              rows={data.programs}
              rowKey={(r) => r.sectionId}
            />
          )}
          {data.recordCount > PAGE_SIZE && (
            <Pagination
              count={Math.ceil(data.recordCount / PAGE_SIZE)}
              page={page}
              onChange={(_, next) => setPage(next)}
              aria-label="Pages of programs"
            />
          )}
        </>
      ) : query.isError ? (
        failureStatus(query.error) === 404 || failureStatus(query.error) === 403 ? (
          <LoadFailure severity="warning" title={T.refusedTitle}>
            {query.error.message}
          </LoadFailure>
        ) : (
          <PanelError
            what={T.loadingPrograms}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )
      ) : (
        <PanelLoading what={T.loadingPrograms} />
      )}
      {editing !== null && (
        <ProgramEditorDialog sectionId={editing} onClose={() => setEditing(null)} />
      )}
      {viewing && (
        <ParticipantsDialog
          sectionId={viewing.sectionId}
          label={sectionName(viewing)}
          onClose={() => setViewing(null)}
        />
      )}
    </Stack>
  );
}
