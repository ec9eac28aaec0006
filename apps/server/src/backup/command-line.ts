import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type EnvConfig } from '../config.ts';
import { MIGRATIONS_FOLDER } from '../db/client.ts';
import { operatorMessage } from './backup-error.ts';
import type { BackupContents } from './backup-file.ts';

/** Where a command writes: progress lines, and the one failure message. */
export interface CommandOutput {
  say(line: string): void;
  fail(line: string): void;
}

export const consoleOutput: CommandOutput = {
  say: (line) => console.log(line),
  fail: (line) => console.error(line),
};

export interface CommandInput {
  /** The backup file, absolute (relative to the folder the command was started in). */
  file: string;
  config: EnvConfig;
}

/**
 * Parses `<file>` and the environment (the server's own configuration: DATA_DIR, DATABASE_URL),
 * runs `work`, and turns every failure into its message and exit 1 (usage mistakes: 2), never a
 * stack trace.
 */
export async function runCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: CommandOutput,
  usage: string,
  work: (input: CommandInput) => Promise<void>,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
  } catch (error) {
    out.fail(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if (parsed.values.help) {
    out.say(usage);
    return 0;
  }
  if (parsed.positionals.length !== 1) {
    out.fail(usage);
    return 2;
  }
  try {
    const config = loadConfig(env);
    // npm runs workspace scripts inside the workspace: a relative path means the caller's folder.
    const file = resolve(env['INIT_CWD'] ?? process.cwd(), parsed.positionals[0]!);
    await work({ file, config });
    return 0;
  } catch (error) {
    out.fail(error instanceof ConfigError ? error.message : operatorMessage(error));
    return 1;
  }
}

/** The schema version this code knows: the migrations it ships. */
export function knownSchemaVersion(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
  return (journal as { entries: unknown[] }).entries.length;
}

/** "62 tables, 12,345 rows, schema version 31". */
export function describeContents(contents: BackupContents): string {
  const counts = Object.values(contents.tables);
  const rows = counts.reduce((sum, n) => sum + n, 0).toLocaleString('en-US');
  return `${counts.length} tables, ${rows} rows, schema version ${contents.schemaVersion}`;
}

/** Ends the process with `code` once its output is written (runs only as a program). */
export function exitWith(code: Promise<number>): void {
  code.then(
    (value) => process.exit(value),
    (error: unknown) => {
      console.error(operatorMessage(error));
      process.exit(1);
    },
  );
}
