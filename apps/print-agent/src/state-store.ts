import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '@csp/http-kit';

const stateSchema = z.object({ defaultPrinter: z.string().min(1).nullable().default(null) });
export type AgentState = z.infer<typeof stateSchema>;

/**
 * What the agent keeps across restarts: the printer picked with PUT defaultPrinter. Held in
 * memory and written through to a small JSON file, replaced atomically (a temporary file
 * renamed over it) so a crash or power cut never leaves half a file.
 */
export class StateStore {
  private constructor(
    readonly file: string,
    private state: AgentState,
  ) {}

  /**
   * Reads the file; none yet is an empty state. A file that cannot be read or is not the
   * agent's JSON is passed over with a warning rather than stopping the service: labels still
   * go to CUPS's default, and picking a printer says why it cannot be kept.
   */
  static async open(file: string, log: FastifyBaseLogger): Promise<StateStore> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      const code = errorCode(error);
      if (code !== 'ENOENT') log.warn({ stateFile: file, code }, 'cannot read the state file');
      return new StateStore(file, { defaultPrinter: null });
    }
    const parsed = stateSchema.safeParse(safeJson(text));
    if (parsed.success) return new StateStore(file, parsed.data);
    log.warn({ stateFile: file }, 'the state file is not valid: starting with no printer picked');
    return new StateStore(file, { defaultPrinter: null });
  }

  get defaultPrinter(): string | null {
    return this.state.defaultPrinter;
  }

  async setDefaultPrinter(name: string): Promise<void> {
    await this.write({ ...this.state, defaultPrinter: name });
  }

  private async write(next: AgentState): Promise<void> {
    const temp = `${this.file}.${process.pid}.${randomUUID()}.tmp`;
    try {
      await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
      await writeFile(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      await rename(temp, this.file);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw AppError.internal(
        `The print service could not save its settings in ${this.file} (${errorCode(error) ?? 'error'}).`,
      );
    }
    this.state = next;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
