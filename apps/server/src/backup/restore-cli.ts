/**
 * `npm run restore -- <file>` (docs/operations.md, "Backups and restore"; ADR 0038): into an
 * empty DATA_DIR, or an empty PostgreSQL database when DATABASE_URL is set.
 */
import { exitWith } from './command-line.ts';
import { restoreCommand } from './restore-command.ts';

// The restored database holds password hashes: whatever it writes is for this user alone.
process.umask(0o077);
exitWith(restoreCommand(process.argv.slice(2)));
