/**
 * A failure the operator can act on, said in words: the backup and restore commands print its
 * message alone (no stack trace) and exit 1.
 */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The message of any failure, for the operator: a BackupError's own words, else the cause's. */
export function operatorMessage(error: unknown): string {
  if (error instanceof BackupError) return error.message;
  const detail = error instanceof Error ? error.message : String(error);
  return `Unexpected failure: ${detail}`;
}
