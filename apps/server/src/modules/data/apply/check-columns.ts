import type { Db } from '../../../db/client.ts';
import { askForColumns, findColumnTemplate, keepColumns } from '../column-mapping-repository.ts';
import { HeaderError, MissingColumnsError, RowMapper, separatorHint } from '../checks/row-mapper.ts';
import { sampleFile } from '../checks/file-sample.ts';
import { countFileRows } from '../checks/file-rows.ts';
import { headerKeyOf, mappedFormat, proposeColumns } from '../feeds/column-mapping.ts';
import type { MappingFile } from '../feeds/mapping-schema.ts';
import type { ImportJob } from './import-job.ts';

/**
 * Whether the check reads the file by the format as it is: its header holds every column the
 * format needs by the format's names, or it is wrong in a way no mapping mends (a column twice,
 * a file read with the wrong separator), which the check then reports.
 */
function fitsFormat(format: MappingFile, header: readonly string[]): boolean {
  try {
    RowMapper.fromHeader(format, header);
    return true;
  } catch (error) {
    if (error instanceof MissingColumnsError) return separatorHint(header) !== undefined;
    if (error instanceof HeaderError) return true;
    throw error;
  }
}

/**
 * The format a new upload is checked by (issue 27): its own when the file's headers are the
 * format's; else the store's saved mapping for files of these headers (kept on the import, so
 * the apply reads the file the same way); else none: the import asks for its columns
 * (NEEDS_MAPPING, a mapping proposed) and null is answered.
 */
export async function formatForCheck(
  db: Db,
  job: ImportJob,
  format: MappingFile,
  path: string,
): Promise<MappingFile | null> {
  const sample = await sampleFile(path, job.fileType, job.csv);
  // A file without a header, named columns or rows of data is the check's to report.
  if (!sample || sample.rows === 0 || sample.columns.length === 0) return format;
  if (fitsFormat(format, sample.header)) return format;
  const headerKey = headerKeyOf(sample.columns.map((c) => c.header));
  const saved = await findColumnTemplate(db, job.locationId, job.formatId, headerKey);
  if (saved) {
    await keepColumns(db, job.importId, sample.columns, saved);
    return mappedFormat(format, saved);
  }
  // The whole file within an import's limits first (ADR 0022): a file no mapping can take
  // (too many rows, a giant row) is INVALID at once, not waiting for its columns.
  await countFileRows(path, job.fileType, job.csv);
  await askForColumns(db, job.importId, sample.columns, proposeColumns(format, sample.columns));
  return null;
}
