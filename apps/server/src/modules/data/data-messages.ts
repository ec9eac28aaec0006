import { IMPORT_STATUS_LABELS, type ImportStatus } from '@csp/contracts';

/** What the data module says to its callers (refusals are in the contracts). */
export const DATA_MESSAGES = {
  noFormat: (formatId: string) => `There is no import format "${formatId}".`,
  badFileName: 'The file name must end in .csv or .xlsx.',
  typeMismatch: (extension: string, contentType: string) =>
    `The file name ends in .${extension} but the file is sent as ${contentType}.`,
  divisionNeeded: "Choose the division this file's rows belong to: the file has no division column.",
  divisionNotFound: 'There is no such division in this store.',
  notAFile:
    'Send the file itself as the request body (e.g. as text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet or application/octet-stream), not JSON.',
  emptyFile: 'The file is empty.',
  interruptedUpload: 'The upload stopped before the whole file arrived.',
  importNotFound: 'There is no such import in this store.',
  notApplicable: (status: ImportStatus) =>
    `Only a checked import can be applied; this one is "${IMPORT_STATUS_LABELS[status]}".`,
  noValidRows: 'No row can be applied: every row was rejected (see the reasons).',
  checkFailed:
    'Checking the file stopped on an unexpected error; nothing was written. Upload it again.',
  applyFailed:
    'Applying stopped on an unexpected error; nothing was applied. Apply it again, or upload the file again if it fails again.',
  fileGone: 'The uploaded file is no longer on the server; nothing was applied. Upload it again.',
  unknownFormat: 'The format of this import is no longer offered; upload the file again.',
  interruptedApply:
    'The server restarted while this import was being applied; nothing was applied. Apply it again.',
  interruptedCheck: 'The server restarted while this file was being checked. Upload it again.',
  storeChanged:
    "The store's data changed after this file was checked, so nothing was applied: it was checked again and these are the figures now. Apply it again to write them.",
  columnTwice: (key: string) => `The column "${key}" of the format is given twice.`,
  notMappable:
    'Only an upload whose columns are to be matched, or a checked one whose columns were matched, can be mapped; upload the file again.',
  expired: (days: number) =>
    `This checked file was not applied within ${days} days, so it was deleted from the server. Upload it again to apply it.`,
} as const;
