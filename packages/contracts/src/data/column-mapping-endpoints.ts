import { z } from 'zod';
import { endpoint, FILE_MEDIA_TYPES } from '../common/endpoint.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { columnChoice } from './column-mapping.ts';
import { NAME_ORDERS } from './data-feeds.ts';
import { dataAccountParams, importParams, importSummary } from './data-imports.ts';

/**
 * Map the columns of an upload (NEEDS_MAPPING, or VALIDATED to map it again): the file is
 * checked again with them (202, VALIDATING). `saveAs` keeps the mapping, under that name, for
 * the store's next files of this format with the same headers: they are mapped without a
 * click. 400 naming `columns.<key>` (a required column left out, a header the file lacks, a
 * key the format does not have, a key given twice) or `nameOrder`; 409 when the import cannot
 * be mapped now. A column of the format not listed is not in the file.
 */
export const mapImportColumns = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/:userAccountId/data/imports/:importId/columns`,
  summary: "Match an upload's columns to its format's, and check it with them",
  auth: true,
  access: { kind: 'action', anyOf: ['DATA_MANAGER'], held: 'storeWide', scope: 'store' },
  params: importParams,
  body: z.object({
    /** Each column of the format (by its own header, `key`) and where the file has it. */
    columns: z
      .array(z.object({ key: z.string().min(1).max(300), choice: columnChoice }))
      .max(500),
    nameOrder: z.enum(NAME_ORDERS).default('last-first'),
    saveAs: z.string().trim().min(1).max(100).optional(),
  }),
  response: importSummary,
  success: { json: [202] },
});

/** A CSV of a format's headers and two example rows, to fill in (text/csv). */
export const getImportTemplate = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/data/formats/:formatId/template.csv`,
  summary: "A format's template: its headers and two example rows (text/csv)",
  auth: true,
  access: { kind: 'action', anyOf: ['DATA_FULL_REPORTER', 'DATA_MANAGER'], scope: 'store' },
  params: dataAccountParams.extend({ formatId: z.string().min(1).max(100) }),
  response: z.never(),
  success: { file: FILE_MEDIA_TYPES.csv },
});
