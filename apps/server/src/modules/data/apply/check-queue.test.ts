import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { BackgroundTasks } from '../../../lib/background-tasks.ts';
import { ImportJobs, type ImportSteps } from './import-jobs.ts';
import type { RunResult } from './import-run.ts';

const running = { now: 0, most: 0 };
const statuses: string[] = [];

/** Checks that stay busy over a few turns of the event loop, counting how many run at once. */
const countingSteps: ImportSteps = {
  runImport: async (): Promise<RunResult> => {
    running.now++;
    running.most = Math.max(running.most, running.now);
    for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
    running.now--;
    return {
      rowsRead: 1,
      rowsValid: 1,
      rowsRejected: 0,
      added: 1,
      updated: 0,
      unchanged: 0,
      entities: [],
      reasons: [],
      rowsWarned: 0,
      warnings: [],
      terms: [],
    };
  },
  insertIssues: async () => undefined,
  saveProgress: async () => undefined,
  updateImport: async (_db, _importId, values) => {
    statuses.push(String(values.status));
    return true;
  },
  releaseFailedApply: async () => undefined,
  recheckAfterApply: async () => 'other' as const,
  formatForCheck: async (_db, _job, format) => format,
};

// The engine plays no part here: the store is stood in for, only the order of the checks counts.
describe('checking uploads', () => {
  it('checks one upload at a time, the others waiting their turn', async () => {
    const log = { error: () => undefined } as unknown as FastifyBaseLogger;
    const background = new BackgroundTasks(log);
    const jobs = new ImportJobs(
      { db: {} as Db, engine: 'pglite', background, now: () => new Date() },
      log,
      countingSteps,
    );
    for (let importId = 1; importId <= 3; importId++) {
      jobs.check({
        importId,
        locationId: 1,
        divisionId: null,
        formatId: 'professors',
        fileType: 'csv',
        storedPath: `/nonexistent/${importId}.upload`,
        csv: null,
        columns: null,
        fileName: 'test.csv',
        uploadedBy: 1,
      });
    }
    expect(jobs.liveProgress(3)).toEqual({ done: 0, total: null });
    await background.drain();
    expect(running.most).toBe(1);
    expect(statuses).toEqual(['VALIDATED', 'VALIDATED', 'VALIDATED']);
    expect(jobs.liveProgress(3)).toBeUndefined();
  });
});
