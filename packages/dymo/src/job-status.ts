/** docs/behaviour/flows.md#print-job-statuses. Over the local web service a job's status stays Unknown. */
export const PrintJobStatus = {
  Unknown: 0,
  Printing: 1,
  Finished: 2,
  Error: 3,
  PaperOut: 4,
  InQueue: 5,
  ProcessingError: -1,
  PrinterBusy: -2,
  InvalidJobId: -3,
  NotSpooled: -4,
} as const;

export type PrintJobStatusName = keyof typeof PrintJobStatus;
export type PrintJobStatusCode = (typeof PrintJobStatus)[PrintJobStatusName];

const NAMES = new Map<number, PrintJobStatusName>(
  (Object.keys(PrintJobStatus) as PrintJobStatusName[]).map((name) => [PrintJobStatus[name], name]),
);

/** The name of a status code; a code outside the table is 'Unknown' (nothing is known of it). */
export function printJobStatusName(code: number): PrintJobStatusName {
  return NAMES.get(code) ?? 'Unknown';
}
