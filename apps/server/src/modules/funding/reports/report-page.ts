/** A page of a report (limit null: every row, as the .xlsx gives). */
export interface ReportPage {
  limit: number | null;
  offset: number;
}

/** The page a report's query asks for: on screen one page, in a workbook every row. */
export function reportPage(query: {
  format: 'json' | 'xlsx';
  page: number;
  pageSize: number;
}): ReportPage {
  if (query.format === 'xlsx') return { limit: null, offset: 0 };
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}
