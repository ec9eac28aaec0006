import type { CostChange, CostFigures, CostReport, CostReportTerm } from '@csp/contracts';
import { COMPARISON_TERM_TOLERANCE_DAYS } from '@csp/contracts';
import { loadExcelJs } from '../../../lib/heavy-modules.ts';
import { XLSX_CURRENCY } from '../../../lib/xlsx.ts';

/** A row of the sheet: a department's or the totals' figures. */
interface SheetRow {
  code: string;
  name: string;
  current: CostFigures;
  previous: CostFigures | null;
  change: CostChange | null;
}

type Cell = string | number | null;
interface Column {
  header: string;
  width: number;
  numFmt?: string;
  value: (r: SheetRow) => Cell;
}

const PERCENT = '0.0%';
const SIGNED = '+0;-0;0';
const SIGNED_POINTS = '+0.0;-0.0;0.0';
const money = (cents: number | null | undefined) => (cents == null ? null : cents / 100);
// A share is a percentage with one decimal; the cell holds the fraction, shown as a percentage.
// (Tenths of a percent over 1000, not the share over 100: 33.3 / 100 is 0.33299999999999996.)
const fraction = (share: number | null | undefined) =>
  share == null ? null : Math.round(share * 10) / 1000;

function columns(comparison: CostReportTerm | null): Column[] {
  const own: Column[] = [
    { header: 'Department', width: 12, value: (r) => r.code },
    { header: 'Department name', width: 28, value: (r) => r.name },
    { header: 'Sections', width: 10, value: (r) => r.current.sections },
    { header: 'ZTC', width: 8, value: (r) => r.current.ztc },
    { header: 'ZTC share', width: 10, numFmt: PERCENT, value: (r) => fraction(r.current.ztcShare) },
    { header: 'LTC', width: 8, value: (r) => r.current.ltc },
    { header: 'LTC share', width: 10, numFmt: PERCENT, value: (r) => fraction(r.current.ltcShare) },
    { header: 'None', width: 8, value: (r) => r.current.none },
    { header: 'Cost known', width: 11, value: (r) => r.current.costKnown },
    {
      header: 'Average required cost',
      width: 20,
      numFmt: XLSX_CURRENCY,
      value: (r) => money(r.current.averageCostCents),
    },
  ];
  if (!comparison) return own;
  const before = comparison.termName;
  return [
    ...own,
    { header: `Sections, ${before}`, width: 18, value: (r) => r.previous?.sections ?? null },
    { header: `ZTC, ${before}`, width: 14, value: (r) => r.previous?.ztc ?? null },
    { header: `LTC, ${before}`, width: 14, value: (r) => r.previous?.ltc ?? null },
    { header: `None, ${before}`, width: 14, value: (r) => r.previous?.none ?? null },
    {
      header: `Average required cost, ${before}`,
      width: 30,
      numFmt: XLSX_CURRENCY,
      value: (r) => money(r.previous?.averageCostCents),
    },
    {
      header: 'Sections change',
      width: 15,
      numFmt: SIGNED,
      value: (r) => r.change?.sections ?? null,
    },
    { header: 'ZTC change', width: 11, numFmt: SIGNED, value: (r) => r.change?.ztc ?? null },
    { header: 'LTC change', width: 11, numFmt: SIGNED, value: (r) => r.change?.ltc ?? null },
    { header: 'None change', width: 12, numFmt: SIGNED, value: (r) => r.change?.none ?? null },
    {
      header: 'ZTC share change (points)',
      width: 24,
      numFmt: SIGNED_POINTS,
      value: (r) => r.change?.ztcSharePoints ?? null,
    },
    {
      header: 'LTC share change (points)',
      width: 24,
      numFmt: SIGNED_POINTS,
      value: (r) => r.change?.ltcSharePoints ?? null,
    },
    {
      header: 'Average cost change',
      width: 20,
      numFmt: XLSX_CURRENCY,
      value: (r) => money(r.change?.averageCostCents),
    },
  ];
}

const termText = (t: CostReportTerm) => `${t.termName} (${t.divisionName})`;

/** The lines above the table: what the sheet is of, and how the figures are read. */
function preamble(report: CostReport): [string, string][] {
  return [
    ['Store', report.storeName],
    ['Term', termText(report.term)],
    [
      'Compared with',
      report.comparisonTerm
        ? termText(report.comparisonTerm)
        : `No term of the division started within ${COMPARISON_TERM_TOLERANCE_DAYS} days of a year before`,
    ],
    [
      'Average required cost',
      'The required materials at the cheapest way offered, over the sections whose cost is known',
    ],
  ];
}

/**
 * The report as an .xlsx workbook: a title and the store, term and comparison term above a
 * bold, frozen header row, a row per department and a bold totals row; money in currency
 * cells, shares as percentages. A report is at most a division's departments: built in memory.
 */
export async function costReportWorkbook(report: CostReport): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Campus Store Portal';
  const cols = columns(report.comparisonTerm);
  const lines = preamble(report);
  const headerRow = lines.length + 3;
  const sheet = workbook.addWorksheet('Cost report', {
    views: [{ state: 'frozen', ySplit: headerRow, xSplit: 1 }],
  });
  sheet.columns = cols.map((c) => ({
    width: c.width,
    ...(c.numFmt && { style: { numFmt: c.numFmt } }),
  }));
  sheet.getRow(1).values = ['Textbook cost report'];
  sheet.getRow(1).font = { bold: true, size: 14 };
  lines.forEach(([label, text], i) => {
    const row = sheet.getRow(i + 2);
    row.values = [label, text];
    row.getCell(1).font = { bold: true };
  });
  const header = sheet.getRow(headerRow);
  header.values = cols.map((c) => c.header);
  header.font = { bold: true };
  const rows: SheetRow[] = report.rows.map((r) => ({
    code: r.departmentCode,
    name: r.departmentName,
    current: r.current,
    previous: r.previous,
    change: r.change,
  }));
  rows.push({ code: 'Total', name: '', ...report.totals });
  rows.forEach((r, i) => {
    const row = sheet.getRow(headerRow + 1 + i);
    row.values = cols.map((c) => c.value(r));
    if (i === rows.length - 1) row.font = { bold: true };
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
