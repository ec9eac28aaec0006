import type { FastifyReply } from 'fastify';
import { XLSX_CONTENT_TYPE } from '@csp/contracts';

/**
 * What every .xlsx report of the server shares: the number formats (money as dollars, the
 * cents divided by 100 so a sum in the spreadsheet is right, negatives red; days as the US date
 * the product shows, docs/behaviour/constants.md) and how a workbook is answered.
 */
export const XLSX_CURRENCY = '"$"#,##0.00;[Red]-"$"#,##0.00';
export const XLSX_DATE = 'mm/dd/yyyy';

/** Answers a workbook as a download named `fileName`, never cached (it holds store data). */
export function sendWorkbook(reply: FastifyReply, workbook: Buffer, fileName: string) {
  return reply
    .type(XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(workbook);
}
