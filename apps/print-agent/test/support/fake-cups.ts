import { CupsError, type Cups, type CupsPrinter, type PrintJobInput } from '../../src/cups/cups.ts';

/**
 * A printing system in memory for the HTTP tests, which must run on machines without CUPS.
 * The real CUPS is exercised, unmocked, in test/cups.test.ts.
 */
export class FakeCups implements Cups {
  printerList: CupsPrinter[] = [];
  defaultName: string | null = null;
  jobs: PrintJobInput[] = [];
  /** When set, every call fails as CUPS would when it is not running. */
  down = false;

  constructor(printers: Partial<CupsPrinter>[] = []) {
    this.printerList = printers.map((p) => printer(p));
  }

  async printers(): Promise<CupsPrinter[]> {
    this.failWhenDown();
    return this.printerList.map((p) => ({ ...p }));
  }

  async cupsDefault(): Promise<string | null> {
    return this.down ? null : this.defaultName;
  }

  async print(job: PrintJobInput): Promise<string> {
    this.failWhenDown();
    if (!this.printerList.some((p) => p.name === job.printer)) {
      throw new CupsError('unknown-printer', `CUPS has no printer named ${job.printer}.`);
    }
    this.jobs.push(job);
    return `${job.printer}-${this.jobs.length}`;
  }

  private failWhenDown(): void {
    if (this.down) {
      throw new CupsError('unavailable', 'CUPS is not running on this workstation (fake).');
    }
  }
}

export function printer(p: Partial<CupsPrinter>): CupsPrinter {
  const name = p.name ?? 'Label';
  return { name, description: name, state: 'idle', accepting: true, reason: '', ...p };
}
