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

  constructor(private readonly log: { error(obj: object, msg: string): void }) {}

  run(name: string, work: () => Promise<void>): void {
    const task = (async () => {
      try {
        await work();
      } catch (error) {
        this.log.error({ err: error, task: name }, `${name} failed`);
      }
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
