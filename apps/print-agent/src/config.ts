import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LOCAL_PRINT_PORT } from '@csp/contracts';

/** The loopback address: only programs on the workstation (its browser) reach the service. */
export const DEFAULT_HOST = '127.0.0.1';

/** How the print agent runs, read once at start from its command line and environment. */
export interface AgentConfig {
  port: number;
  host: string;
  /** Portal origins (scheme://host[:port]) whose pages may call the service and whose labels it prints. */
  portalOrigins: string[];
  /** Where the printer picked with PUT defaultPrinter is kept across restarts. */
  stateFile: string;
}

/** A configuration the agent cannot start with; main.ts prints the message and exits 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const USAGE = `Usage: csp-print-agent --portal-origin <https://my.store.example> [options]

Options (each may also come from its environment variable; a flag wins):
  --portal-origin <origin>  A portal origin whose pages may print; repeat for several.
                            PORTAL_ORIGINS (comma-separated)
  --port <n>                Port to listen on (default ${LOCAL_PRINT_PORT}).
                            PRINT_AGENT_PORT
  --host <address>          Address to listen on (default ${DEFAULT_HOST}, the loopback).
                            PRINT_AGENT_HOST
  --state-file <path>       Where the printer picked for labels is kept
                            (default \${XDG_CONFIG_HOME:-~/.config}/csp-print-agent/state.json).
                            PRINT_AGENT_STATE
  -h, --help                Show this help.`;

export type ParsedArgs = { help: true } | { help: false; config: AgentConfig };

/**
 * Reads the command line (without the node and script paths) and the environment. Throws
 * {@link ConfigError} naming the offending flag or variable.
 */
export function parseConfig(argv: readonly string[], env: NodeJS.ProcessEnv): ParsedArgs {
  const { values } = parseCommandLine(argv);
  if (values.help) return { help: true };

  const originInputs = values['portal-origin']?.length
    ? values['portal-origin'].map((value) => ({ value, source: '--portal-origin' }))
    : splitList(env.PORTAL_ORIGINS).map((value) => ({ value, source: 'PORTAL_ORIGINS' }));
  if (originInputs.length === 0) {
    throw new ConfigError(
      'Name at least one portal origin to trust: --portal-origin https://my.store.example (or PORTAL_ORIGINS=https://a.example,https://b.example).',
    );
  }
  const portalOrigins = [...new Set(originInputs.map((o) => parseOrigin(o.value, o.source)))];

  const port = parsePort(
    values.port ?? env.PRINT_AGENT_PORT,
    values.port ? '--port' : 'PRINT_AGENT_PORT',
  );
  const host = (values.host ?? env.PRINT_AGENT_HOST ?? '').trim() || DEFAULT_HOST;
  const stateFile = (values['state-file'] ?? env.PRINT_AGENT_STATE ?? '').trim();
  return {
    help: false,
    config: { port, host, portalOrigins, stateFile: stateFile || defaultStateFile(env) },
  };
}

function parseCommandLine(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        'portal-origin': { type: 'string', multiple: true },
        port: { type: 'string' },
        host: { type: 'string' },
        'state-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // parseArgs names the unknown option or the one missing its value.
    const detail = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`${detail}\n\n${USAGE}`);
  }
}

/** `${XDG_CONFIG_HOME:-~/.config}/csp-print-agent/state.json`, as desktop tools keep settings. */
export function defaultStateFile(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME?.trim() || join(env.HOME?.trim() || homedir(), '.config');
  return join(base, 'csp-print-agent', 'state.json');
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * An origin exactly as a browser sends it in the Origin header (lower-case host, no default
 * port, no path): the service compares origins as strings, so they are normalised here.
 */
function parseOrigin(value: string, source: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigError(
      `${source}: "${value}" is not an origin such as https://my.store.example`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${source}: "${value}" must start with https:// or http://`);
  }
  const extra = url.username || url.password || url.search || url.hash || url.pathname !== '/';
  if (extra) {
    throw new ConfigError(
      `${source}: "${value}" must be an origin only (scheme, host and port), e.g. ${url.origin}`,
    );
  }
  return url.origin;
}

function parsePort(value: string | undefined, source: string): number {
  if (value === undefined || value.trim() === '') return LOCAL_PRINT_PORT;
  const port = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || port > 65535) {
    throw new ConfigError(`${source}: "${value}" is not a port number (0-65535)`);
  }
  return port;
}
