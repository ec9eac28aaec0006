/**
 * `npm run backup -- <file>` (docs/operations.md, "Backups and restore"; ADR 0038). A relative
 * path is taken from the folder the command was started in.
 */
import { backupCommand } from './backup-command.ts';
import { exitWith } from './command-line.ts';

// The backup holds password hashes: whatever it writes is for this user alone.
process.umask(0o077);
exitWith(backupCommand(process.argv.slice(2)));
