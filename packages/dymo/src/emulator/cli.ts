#!/usr/bin/env node
// Runs the DYMO Connect emulator until killed:
//   npx tsx packages/dymo/src/emulator/cli.ts [--port 41951] [--host 127.0.0.1]
//     [--fault none|slow|printer-error|reports-disconnected] [--slow-ms 4000] [--error-status 400|500]
import { parseArgs } from 'node:util';
import { startDymoEmulator, type DymoEmulatorFault } from './index.ts';

const FAULTS: readonly DymoEmulatorFault[] = [
  'none',
  'slow',
  'printer-error',
  'reports-disconnected',
];

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '41951' },
    host: { type: 'string', default: '127.0.0.1' },
    fault: { type: 'string', default: 'none' },
    'slow-ms': { type: 'string', default: '4000' },
    'error-status': { type: 'string', default: '400' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port: not a port: ${values.port}`);
const fault =
  FAULTS.find((f) => f === values.fault) ?? fail(`--fault: one of ${FAULTS.join(', ')}`);
const slowMs = Number(values['slow-ms']);
if (!Number.isInteger(slowMs) || slowMs < 0) fail('--slow-ms: a whole number of milliseconds');
const errorStatus = values['error-status'] === '500' ? 500 : 400;

const emulator = await startDymoEmulator({
  port,
  host: values.host,
  fault,
  slowMs,
  printerErrorStatus: errorStatus,
});
console.log(`DYMO Connect emulator on ${emulator.origin} (fault: ${fault})`);
console.log(`Accept its certificate at ${emulator.origin}/DYMO/DLS/Printing/Check`);

const stop = (): void => {
  void emulator.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
