import { existsSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { removeUpload } from '../../../lib/uploads/receive-upload.ts';
import { SheetReadError } from '../../../lib/uploads/sheet-errors.ts';
import { DATA_MESSAGES as M } from '../data-messages.ts';
import { formatById } from '../feeds/import-formats.ts';
import { insertIssues, releaseFailedApply, saveProgress, updateImport } from '../import-repository.ts';
import { recheckAfterApply } from '../import-state-repository.ts';
import { saveColumnTemplate } from '../column-mapping-repository.ts';
import { ImportInterrupted, runImport } from './import-run.ts';
import { formatForCheck } from './check-columns.ts';
import { mappedFormat } from '../feeds/column-mapping.ts';
import { toSummary, type Progress } from '../import-summary.ts';
import type { ImportRow } from '../import-repository.ts';
import type { ImportSummary } from '@csp/contracts';
import type { ImportJob } from './import-job.ts';
import { secondsSince } from '../../../lib/monitoring.ts';
import { HeaderError } from '../checks/row-mapper.ts';
import { sameFigures, StoreChanged, type CheckedFigures } from './checked-figures.ts';

export { importJobOf, type ImportJob } from './import-job.ts';
export type { CheckedFigures } from './checked-figures.ts';

/**
 * What a pass reads of a job: its mapping and its stored file, which `usable` accepts (a
 * JobProblem when the format is unknown or the file gone, in that order).
 */
function importSource(job: ImportJob, usable: (path: string) => boolean, now: Date) {
  const format = formatById(job.formatId);
  if (!format) throw new JobProblem(M.unknownFormat);
  const mapping = job.columns ? mappedFormat(format, job.columns) : format;
  const path = job.storedPath;
  if (!path || !usable(path)) throw new JobProblem(M.fileGone);
  const { fileType, locationId, divisionId, csv } = job;
  const origin = { importId: job.importId, fileName: job.fileName, accountId: job.uploadedBy, at: now };
  return { mapping, path, fileType, locationId, divisionId, csv, origin };
}

/** Rows between two saves of a check's progress (for a poll answered by another process). */
const SAVE_PROGRESS_EVERY = 50_000;

/**
 * What a job does to the file and the import row: the real steps, or (in the check queue's own
 * test) stand-ins that only count. Passed in rather than mocked: server test files share their
 * worker's modules, and a mocked module would be what the next file's imports ran.
 */
export interface ImportSteps {
  runImport: typeof runImport;
  insertIssues: typeof insertIssues;
  saveProgress: typeof saveProgress;
  updateImport: typeof updateImport;
  releaseFailedApply: typeof releaseFailedApply;
  recheckAfterApply: typeof recheckAfterApply;
  formatForCheck: typeof formatForCheck;
}

const REAL_STEPS: ImportSteps = {
  runImport,
  insertIssues,
  saveProgress,
  updateImport,
  releaseFailedApply,
  recheckAfterApply,
  formatForCheck,
};

/** A job that cannot start, for a reason the user can read. */
class JobProblem extends Error {}

/** A file the import cannot read as a whole: its message is the user's to read. */
const isFileProblem = (error: unknown): error is Error =>
  error instanceof HeaderError || error instanceof SheetReadError || error instanceof JobProblem;

/**
 * The check and the apply of uploads, run after the request is answered (deps.background, so
 * shutdown and tests can wait for them). Progress lives here while a job runs and is saved on
 * the import row when it ends; a check also saves it every 50,000 rows. An apply cannot: its
 * transaction is open, and on PGlite a statement outside it would wait for it (ADR 0018).
 */
export class ImportJobs {
  private readonly progress = new Map<number, Progress>();
  private checks: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'engine' | 'background' | 'now'> &
      Partial<Pick<AppDeps, 'monitoring'>>,
    private readonly log: FastifyBaseLogger,
    private readonly steps: ImportSteps = REAL_STEPS,
  ) {}

  /** The progress of a job this process runs. */
  liveProgress(importId: number): Progress | undefined {
    return this.progress.get(importId);
  }

  /** An import as the contract shows it, with the progress of its job if this process runs it. */
  summaryOf(row: ImportRow): ImportSummary {
    return toSummary(row, this.progress.get(row.id), this.deps.engine);
  }

  /**
   * Checks run one at a time, in the order of their uploads: each holds a file's keys and
   * merged records in memory (ADR 0018), and ten uploads at once would hold ten.
   */
  check(job: ImportJob, notice: string | null = null): void {
    this.progress.set(job.importId, { done: 0, total: null });
    const run = this.checks.then(() => this.runCheck(job, notice));
    this.checks = run.catch(() => undefined);
    this.deps.background.run('data import check', () => run);
  }

  /** Applies a checked import, only if it does what `checked` says (else it is checked again). */
  apply(job: ImportJob, rows: number, checked: CheckedFigures): void {
    this.progress.set(job.importId, { done: 0, total: rows });
    this.deps.background.run('data import apply', () => this.runApply(job, checked));
  }

  /** Tells monitoring, once, how a check or an apply of `job` ended and the rows it read. */
  private counted(job: ImportJob, step: 'check' | 'apply') {
    const start = process.hrtime.bigint();
    return (outcome: string, rows: number) =>
      this.deps.monitoring?.importRun({
        format: job.formatId,
        step,
        outcome,
        rows,
        seconds: secondsSince(start),
      });
  }

  /** `notice`: what the report says above a valid check's figures (why it was checked again). */
  private async runCheck(job: ImportJob, notice: string | null): Promise<void> {
    const { db } = this.deps;
    let saved = 0;
    const counted = this.counted(job, 'check');
    try {
      const source = importSource(job, () => true, this.deps.now());
      if (!job.columns) {
        const format = await this.steps.formatForCheck(db, job, source.mapping, source.path);
        // Its columns are the data manager's to match: the file waits, unchecked.
        if (!format) {
          counted('needs-mapping', 0);
          return;
        }
        source.mapping = format;
      }
      const result = await this.steps.runImport({
        db,
        ...source,
        mode: 'dry',
        signal: this.deps.background.signal,
        onProgress: async (done, total) => {
          this.progress.set(job.importId, { done, total });
          if (done - saved >= SAVE_PROGRESS_EVERY) {
            saved = done;
            await this.steps.saveProgress(db, job.importId, done, total);
          }
        },
        keepIssues: (issues) => this.steps.insertIssues(db, job.importId, issues),
      });
      const valid = result.rowsValid > 0;
      counted(valid ? 'valid' : 'invalid', result.rowsRead);
      await this.steps.updateImport(db, job.importId, {
        ...result,
        status: valid ? 'VALIDATED' : 'INVALID',
        errorMessage: valid ? notice : M.noValidRows,
        progressDone: result.rowsRead,
        progressTotal: result.rowsRead,
        ...(!valid && { storedPath: null }),
      });
      if (!valid) await removeUpload(job.storedPath);
      // A mapping is kept for the next files only once a file was checked with it and some of
      // its rows can be applied: a mistaken one must not fail every file after it.
      const save = job.columns?.saveAs;
      if (valid && save && job.columns?.templateName) {
        await saveColumnTemplate(db, {
          locationId: job.locationId,
          formatId: job.formatId,
          headerKey: save.headerKey,
          name: job.columns.templateName,
          columns: job.columns.columns,
          nameOrder: job.columns.nameOrder,
          createdBy: save.createdBy,
        });
      }
    } catch (error) {
      const interrupted = error instanceof ImportInterrupted;
      counted(isFileProblem(error) ? 'invalid' : interrupted ? 'interrupted' : 'failed', 0);
      if (!isFileProblem(error) && !interrupted) {
        this.log.error({ err: error, importId: job.importId }, 'import check failed');
      }
      await this.steps.updateImport(db, job.importId, {
        status: isFileProblem(error) ? 'INVALID' : 'FAILED',
        errorMessage: isFileProblem(error)
          ? error.message
          : interrupted
            ? M.interruptedCheck
            : M.checkFailed,
        storedPath: null,
      });
      await removeUpload(job.storedPath);
    } finally {
      this.progress.delete(job.importId);
    }
  }

  /**
   * An apply is one transaction: when it fails, nothing of it was kept. Unless the file itself
   * cannot be applied (gone, unreadable: FAILED, the file removed), the import goes back to
   * VALIDATED with its file and can be applied again; the file goes once it is APPLIED.
   */
  private async runApply(job: ImportJob, checked: CheckedFigures): Promise<void> {
    const { db } = this.deps;
    let fileDone = false;
    let recheck = false;
    const counted = this.counted(job, 'apply');
    try {
      const applied = await this.steps.runImport({
        db,
        ...importSource(job, existsSync, this.deps.now()),
        mode: 'apply',
        signal: this.deps.background.signal,
        onProgress: (done, total) => void this.progress.set(job.importId, { done, total }),
        keepIssues: null,
        onApplied: async (tx, result) => {
          // Another import or the store's own work changed what this file would do: nothing
          // is written without the data manager seeing the new figures first.
          if (!sameFigures(result, checked)) throw new StoreChanged();
          const firstToCommit = await this.steps.updateImport(
            tx,
            job.importId,
            {
              ...result,
              status: 'APPLIED',
              appliedAt: this.deps.now(),
              errorMessage: null,
              storedPath: null,
              progressDone: result.rowsRead,
              progressTotal: result.rowsRead,
            },
            'APPLIED',
          );
          // Another apply of this import committed first: this one's writes roll back.
          if (!firstToCommit) throw new JobProblem(M.applyFailed);
        },
      });
      fileDone = true;
      counted('applied', applied.rowsRead);
    } catch (error) {
      const interrupted = error instanceof ImportInterrupted;
      counted(
        error instanceof StoreChanged ? 'store-changed' : interrupted ? 'interrupted' : 'failed',
        0,
      );
      if (interrupted) {
        // Shutting down: the transaction rolled back whole; the import can be applied again.
        this.log.info({ importId: job.importId }, 'import apply stopped for shutdown');
        await this.steps.releaseFailedApply(db, job.importId, M.interruptedApply);
        return;
      }
      if (error instanceof StoreChanged) {
        // Checked again with its file; unless another apply of it committed first (APPLIED:
        // the file is done with) or a starting server released it (VALIDATED: kept).
        const after = await this.steps.recheckAfterApply(db, job.importId);
        recheck = after === 'rechecking';
        fileDone = after === 'applied';
        return;
      }
      const known = isFileProblem(error);
      if (!known) this.log.error({ err: error, importId: job.importId }, 'import apply failed');
      if (known) {
        fileDone = true;
        await this.steps.updateImport(
          db,
          job.importId,
          { status: 'FAILED', appliedAt: this.deps.now(), errorMessage: error.message, storedPath: null },
          'APPLIED',
        );
      } else {
        await this.steps.releaseFailedApply(db, job.importId, M.applyFailed);
      }
    } finally {
      this.progress.delete(job.importId);
      if (fileDone) await removeUpload(job.storedPath);
      if (recheck) this.check(job, M.storeChanged);
    }
  }
}
