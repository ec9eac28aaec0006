import { describe, expect, it } from 'vitest';
import {
  mergePrinters,
  parseAccepting,
  parseDefault,
  parsePrinterStates,
  parseRequestId,
} from './lpstat-parse.ts';

// Output of CUPS 2.4's lpstat in the C locale (details shortened where they do not matter).
const DETAILS = `\tForm mounted:
\tContent types: any
\tPrinter types: unknown
\tDescription: DESC
\tAlerts: none
\tLocation: 
\tConnection: direct
\tInterface: /etc/cups/ppd/NAME.ppd
\tOn fault: no alert
\tUsers allowed:
\t\t(all)
`;
const details = (name: string, description: string) =>
  DETAILS.replace('DESC', description).replace('NAME', name);

const LPSTAT_P = [
  'printer Counter-Dymo is idle.  enabled since Wed Nov 25 17:40:23 2026',
  '\tFilter failed', // an idle queue keeps the message of its last failure
  details('Counter-Dymo', 'DYMO LabelWriter 450 — counter'),
  'printer Office now printing Office-12.  enabled since Wed Nov 25 17:41:00 2026',
  details('Office', ''),
  'printer Jammed disabled since Wed Nov 25 17:42:58 2026 -',
  '\tPaper jam at the counter',
  details('Jammed', 'Back office'),
  'printer Paused disabled since Wed Nov 25 17:42:58 2026 -',
  '\treason unknown',
  details('Paused', 'Paused'),
  'printer Full is idle.  enabled since Wed Nov 25 17:42:58 2026',
  '\tOut of labels',
  details('Full', 'Full'),
].join('\n');

const LPSTAT_A = `Counter-Dymo accepting requests since Wed Nov 25 17:40:23 2026
Office accepting requests since Wed Nov 25 17:41:00 2026
Jammed accepting requests since Wed Nov 25 17:42:58 2026
Paused accepting requests since Wed Nov 25 17:42:58 2026
Full not accepting requests since Wed Nov 25 17:42:58 2026 -
\tOut of labels
`;

describe('lpstat output', () => {
  it('reads each queue: state, description, and the reason only when it is in trouble', () => {
    const printers = mergePrinters(parsePrinterStates(LPSTAT_P), parseAccepting(LPSTAT_A));
    expect(printers).toEqual([
      {
        name: 'Counter-Dymo',
        description: 'DYMO LabelWriter 450 — counter',
        state: 'idle',
        accepting: true,
        reason: '',
      },
      { name: 'Office', description: 'Office', state: 'printing', accepting: true, reason: '' },
      {
        name: 'Jammed',
        description: 'Back office',
        state: 'stopped',
        accepting: true,
        reason: 'Paper jam at the counter',
      },
      { name: 'Paused', description: 'Paused', state: 'stopped', accepting: true, reason: '' },
      {
        name: 'Full',
        description: 'Full',
        state: 'idle',
        accepting: false,
        reason: 'Out of labels',
      },
    ]);
  });

  it('counts a queue missing from lpstat -a (removed meanwhile) as not accepting', () => {
    const printers = mergePrinters(parsePrinterStates(LPSTAT_P), new Map());
    expect(printers.every((p) => !p.accepting)).toBe(true);
  });

  it('reads no queue from empty output', () => {
    expect(parsePrinterStates('')).toEqual([]);
    expect(parseAccepting('').size).toBe(0);
  });

  it('reads the default destination, or none', () => {
    expect(parseDefault('system default destination: Counter-Dymo\n')).toBe('Counter-Dymo');
    expect(parseDefault('no system default destination\n')).toBeNull();
    expect(
      parseDefault(
        'lpstat: error - LPDEST environment variable names non-existent destination "x".\n',
      ),
    ).toBeNull();
  });

  it("reads lp's job id", () => {
    expect(parseRequestId('request id is Counter-Dymo-12 (0 file(s))\n')).toBe('Counter-Dymo-12');
    expect(parseRequestId('request id is PDF-3 (1 file(s))\n')).toBe('PDF-3');
    expect(parseRequestId('lp: Error - The printer or class does not exist.\n')).toBeNull();
  });
});
