import { readFileSync } from 'node:fs';

/** The agent's version, from its package.json (the printer panel shows it). */
export function agentVersion(): string {
  const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
  const { version } = JSON.parse(text) as { version?: unknown };
  return typeof version === 'string' ? version : '0.0.0';
}
