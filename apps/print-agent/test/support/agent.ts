import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildAgent, type AgentDeps } from '../../src/app.ts';
import type { AgentConfig } from '../../src/config.ts';

/** A temporary directory removed by the returned cleanup. */
export function tempDir(prefix = 'csp-print-agent-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function agentConfig(overrides: Partial<AgentConfig> & { stateFile: string }): AgentConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    portalOrigins: ['https://my.store.example'],
    ...overrides,
  };
}

/** Builds an agent; close it with app.close(). */
export function testAgent(
  overrides: Partial<AgentConfig> & { stateFile: string },
  deps: AgentDeps = {},
): Promise<FastifyInstance> {
  return buildAgent(agentConfig(overrides), deps);
}

/** The Host a browser sends to the agent on its default address. */
export const LOOPBACK_HOST = '127.0.0.1:9090';
