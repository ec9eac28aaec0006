import { loadExcelJs } from '../../../lib/heavy-modules.ts';
import { XLSX_CURRENCY as CURRENCY, XLSX_DATE as DATE } from '../../../lib/xlsx.ts';

/** One column of a report sheet: its header, width and how a row's cell reads. */
export interface ReportColumn<R> {
  header: string;
  width: number;
  value: (row: R) => string | number | null;
  /** Cents shown as dollars in a currency cell. */
  money?: boolean;
  /** A 'YYYY-MM-DD' shown as a date cell. */
  date?: boolean;
}

/**
 * A report as an .xlsx workbook: a bold, frozen header row, set widths, money as currency cells
 * (the cents as dollars, so a sum in the spreadsheet is right) and days as date cells. A report
 * is a store's rows, small enough to build in memory.
 */
export async function reportWorkbook<R>(
  sheetName: string,
  columns: readonly ReportColumn<R>[],
  rows: readonly R[],
): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Campus Store Portal';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width,
    ...(c.money && { style: { numFmt: CURRENCY } }),
    ...(c.date && { style: { numFmt: DATE } }),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      columns.map((c) => {
        const value = c.value(row);
        if (value === null) return null;
        if (c.money) return Number(value) / 100;
        if (c.date) return new Date(`${String(value)}T00:00:00Z`);
        return value;
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
