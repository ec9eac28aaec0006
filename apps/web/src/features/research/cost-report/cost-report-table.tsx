import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  COST_DESIGNATION_LABELS,
  type CostChange,
  type CostFigures,
  type CostReport,
} from '@csp/contracts';
import { ResponsiveTable, type TableColumn } from '../../../components/responsive-table.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { count } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import {
  countChange,
  moneyChange,
  shareChange,
  shareText,
  type ChangeText,
} from './change-words.ts';

/** A department's row, or the totals: this term's figures and, with a comparison, the change. */
interface Line {
  current: CostFigures;
  previous: CostFigures | null;
  change: CostChange | null;
}
interface Row extends Line {
  departmentId: number;
  departmentCode: string;
  departmentName: string;
}

/** One change under a figure: compact on screen, in words (and since when) for screen readers. */
function Change({ text, since }: { text: ChangeText; since: string }) {
  return (
    <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
      <span aria-hidden>{text.shown}</span>
      <VisuallyHidden>
        {' '}
        ({text.spoken} in {since})
      </VisuallyHidden>
    </Typography>
  );
}

/** A cell: the figure, a quieter line under it, and its changes from the year before. */
function Figure({
  main,
  note,
  changes = [],
  since,
}: {
  main: ReactNode;
  note?: string;
  changes?: (ChangeText | null)[];
  since: string;
}) {
  return (
    <Box>
      <span>{main}</span>
      {note && (
        <Typography
          variant="body2"
          color="text.secondary"
          component="span"
          sx={{ display: 'block' }}
        >
          {note}
        </Typography>
      )}
      {changes.map((c, i) => c && <Change key={i} text={c} since={since} />)}
    </Box>
  );
}

type Kind = 'ztc' | 'ltc';

/** Each column renders a row and the totals alike (the same figures, the same change words). */
function columns(since: string): { key: string; label: string; render: (l: Line) => ReactNode }[] {
  const designation = (kind: Kind) => (l: Line) => {
    const shareNow = l.current[`${kind}Share`];
    const shareBefore = l.previous?.[`${kind}Share`];
    const points = l.change?.[`${kind}SharePoints`];
    return (
      <Figure
        since={since}
        main={count(l.current[kind])}
        note={shareNow === null ? undefined : `${shareText(shareNow)} of sections`}
        changes={
          l.change && l.previous
            ? [
                countChange(l.change[kind], l.previous[kind]),
                points != null && shareBefore != null ? shareChange(points, shareBefore) : null,
              ]
            : []
        }
      />
    );
  };
  return [
    {
      key: 'sections',
      label: 'Sections',
      render: (l) => (
        <Figure
          since={since}
          main={count(l.current.sections)}
          changes={
            l.change && l.previous ? [countChange(l.change.sections, l.previous.sections)] : []
          }
        />
      ),
    },
    { key: 'ztc', label: COST_DESIGNATION_LABELS.ZTC, render: designation('ztc') },
    { key: 'ltc', label: COST_DESIGNATION_LABELS.LTC, render: designation('ltc') },
    {
      key: 'none',
      label: COST_DESIGNATION_LABELS.NONE,
      render: (l) => (
        <Figure
          since={since}
          main={count(l.current.none)}
          changes={l.change && l.previous ? [countChange(l.change.none, l.previous.none)] : []}
        />
      ),
    },
    {
      key: 'average',
      label: 'Average required cost',
      render: (l) => {
        const avg = l.current.averageCostCents;
        const before = l.previous?.averageCostCents;
        const delta = l.change?.averageCostCents;
        return (
          <Figure
            since={since}
            main={avg === null ? 'Not known' : formatMoney(avg)}
            note={`${count(l.current.costKnown)} of ${count(l.current.sections)} known`}
            changes={delta != null && before != null ? [moneyChange(delta, before)] : []}
          />
        );
      },
    },
  ];
}

/**
 * The report's table: a row per department, the totals last; on a phone a card per department
 * (ResponsiveTable). Each figure carries its change from the year before under it, read out
 * in words ("up 3 from 12 in Fall 2025") rather than as a signed number.
 */
export function CostReportTable({ report }: { report: CostReport }) {
  const since = report.comparisonTerm?.termName ?? '';
  const figureColumns: TableColumn<Row>[] = columns(since).map((c) => ({
    key: c.key,
    label: c.label,
    align: 'right',
    render: c.render,
    total: c.render(report.totals),
  }));
  const department: TableColumn<Row> = {
    key: 'department',
    label: 'Department',
    minWidth: 160,
    render: (r) => (
      <>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {r.departmentCode}
        </Typography>
        {r.departmentName && (
          <Typography variant="body2" color="text.secondary">
            {r.departmentName}
          </Typography>
        )}
      </>
    ),
  };
  return (
    <ResponsiveTable
      label={`Textbook cost by department, ${report.term.termName}`}
      columns={[department, ...figureColumns]}
      rows={report.rows}
      rowKey={(r) => r.departmentId}
      totalLabel={`Total (${count(report.totals.current.sections)} sections)`}
    />
  );
}
