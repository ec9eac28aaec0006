import { secondsSince } from './monitoring.ts';

export type TaskObserver = (name: string, outcome: 'ok' | 'failed', seconds: number) => void;

/**
 * Work started after a request has been answered (e-mail, mostly), tracked so that shutdown and
 * tests can wait for it. A failure is logged, never thrown at anyone.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  /**
   * Aborted when the server shuts down: long work (a run of voucher e-mails) checks it between
   * steps and ends early, its progress recorded; short work simply finishes.
   */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  private observer: TaskObserver | null = null;

  constructor(private readonly log: { error(obj: object, msg: string): void }) {}

  /** Told how each task ended and how long it took (the app's monitoring). */
  observe(observer: TaskObserver): void {
    this.observer = observer;
  }

  run(name: string, work: () => Promise<void>): void {
    const task = (async () => {
      const start = process.hrtime.bigint();
      let outcome: 'ok' | 'failed' = 'ok';
      try {
        await work();
      } catch (error) {
        outcome = 'failed';
        this.log.error({ err: error, task: name }, `${name} failed`);
      }
      this.observer?.(name, outcome, secondsSince(start));
    })();
    this.running.add(task);
    void task.finally(() => this.running.delete(task));
  }

  /** Resolves when everything started so far (and anything it started) has finished. */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** Shutdown: tells long work to end early, then waits for everything to finish. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.drain();
  }
}
