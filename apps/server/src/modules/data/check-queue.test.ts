import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { BackgroundTasks } from '../../lib/background-tasks.ts';
import type { RunResult } from './import-run.ts';

const running = { now: 0, most: 0 };

/** A check that stays busy over a few turns of the event loop, counting how many run at once. */
vi.mock('./import-run.ts', () => ({
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
      terms: [],
    };
  },
}));
vi.mock('./import-repository.ts', () => ({
  insertIssues: async () => undefined,
  saveProgress: async () => undefined,
  updateImport: async () => undefined,
}));

// The engine plays no part here: the store is mocked, only the order of the checks counts.
describe('checking uploads', () => {
  it('checks one upload at a time, the others waiting their turn', async () => {
    // Server test files share their worker's modules (isolate: false): the import jobs are
    // loaded afresh so they see the mocks above, whatever an earlier file loaded.
    vi.resetModules();
    const { ImportJobs } = await import('./import-jobs.ts');
    const log = { error: () => undefined } as unknown as FastifyBaseLogger;
    const background = new BackgroundTasks(log);
    const jobs = new ImportJobs({ db: {} as Db, background, now: () => new Date() }, log);
    for (let importId = 1; importId <= 3; importId++) {
      jobs.check({
        importId,
        locationId: 1,
        divisionId: null,
        formatId: 'professors',
        fileType: 'csv',
        storedPath: `/nonexistent/${importId}.upload`,
      });
    }
    expect(jobs.liveProgress(3)).toEqual({ done: 0, total: null });
    await background.drain();
    expect(running.most).toBe(1);
    expect(jobs.liveProgress(3)).toBeUndefined();
  });
});
