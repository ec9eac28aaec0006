import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';

/**
 * JSON logs for machines; readable lines when a person watches a terminal and pino-pretty (a
 * development dependency) is installed.
 */
export function createLogger(level: string): Logger {
  if (process.stdout.isTTY && hasPrettyPrinter()) {
    return pino({
      level,
      transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } },
    });
  }
  return pino({ level });
}

function hasPrettyPrinter(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}
