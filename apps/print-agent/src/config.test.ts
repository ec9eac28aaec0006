import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_PRINT_PORT } from '@csp/contracts';
import { ConfigError, defaultStateFile, parseConfig, type AgentConfig } from './config.ts';

const ORIGIN = 'https://my.store.example';

function config(argv: string[], env: NodeJS.ProcessEnv = {}): AgentConfig {
  const parsed = parseConfig(argv, { HOME: '/home/clerk', ...env });
  if (parsed.help) throw new Error('unexpected --help');
  return parsed.config;
}

function failure(argv: string[], env: NodeJS.ProcessEnv = {}): string {
  try {
    parseConfig(argv, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('applies the defaults: port 9090 on the loopback, state under ~/.config', () => {
    expect(config(['--portal-origin', ORIGIN])).toEqual({
      port: LOCAL_PRINT_PORT,
      host: '127.0.0.1',
      portalOrigins: [ORIGIN],
      stateFile: '/home/clerk/.config/csp-print-agent/state.json',
    });
    expect(LOCAL_PRINT_PORT).toBe(9090);
  });

  it('reads every setting from flags', () => {
    const argv = ['--portal-origin', ORIGIN, '--portal-origin', 'http://localhost:5173'];
    argv.push('--port', '9191', '--host', '::1', '--state-file', '/tmp/agent.json');
    expect(config(argv)).toEqual({
      port: 9191,
      host: '::1',
      portalOrigins: [ORIGIN, 'http://localhost:5173'],
      stateFile: '/tmp/agent.json',
    });
  });

  it('reads every setting from the environment', () => {
    const env = {
      PORTAL_ORIGINS: ` ${ORIGIN} , https://other.store.example,`,
      PRINT_AGENT_PORT: '9292',
      PRINT_AGENT_HOST: '0.0.0.0',
      PRINT_AGENT_STATE: '/var/lib/agent/state.json',
    };
    expect(config([], env)).toEqual({
      port: 9292,
      host: '0.0.0.0',
      portalOrigins: [ORIGIN, 'https://other.store.example'],
      stateFile: '/var/lib/agent/state.json',
    });
  });

  it('lets a flag win over its variable', () => {
    const env = { PORTAL_ORIGINS: 'https://env.example', PRINT_AGENT_PORT: '1' };
    expect(config(['--portal-origin', ORIGIN, '--port', '2'], env)).toMatchObject({
      portalOrigins: [ORIGIN],
      port: 2,
    });
  });

  it('normalises origins as browsers send them, dropping duplicates', () => {
    const argv = ['--portal-origin', 'HTTPS://My.Store.Example:443/', '--portal-origin', ORIGIN];
    expect(config(argv).portalOrigins).toEqual([ORIGIN]);
  });

  it('keeps the state under XDG_CONFIG_HOME when it is set', () => {
    expect(defaultStateFile({ XDG_CONFIG_HOME: '/xdg', HOME: '/home/x' })).toBe(
      join('/xdg', 'csp-print-agent', 'state.json'),
    );
  });

  it('refuses to start without a portal origin', () => {
    expect(failure([])).toMatch(/at least one portal origin.*--portal-origin/);
    expect(failure([], { PORTAL_ORIGINS: ' , ' })).toMatch(/at least one portal origin/);
  });

  it.each([
    ['my.store.example', /is not an origin/],
    ['ftp://my.store.example', /must start with https:\/\/ or http:\/\//],
    ['https://my.store.example/portal', /origin only.*https:\/\/my\.store\.example$/],
    ['https://clerk:pw@my.store.example', /origin only/],
    ['https://my.store.example?x=1', /origin only/],
  ])('refuses the portal origin %s, naming it', (origin, message) => {
    const text = failure(['--portal-origin', origin]);
    expect(text).toMatch(message);
    expect(text).toContain('--portal-origin');
    expect(failure([], { PORTAL_ORIGINS: origin })).toContain('PORTAL_ORIGINS');
  });

  it.each(['abc', '-1', '65536', '90.5'])('refuses the port %s', (port) => {
    expect(failure(['--portal-origin', ORIGIN, `--port=${port}`])).toMatch(/--port.*not a port/);
    expect(failure(['--portal-origin', ORIGIN], { PRINT_AGENT_PORT: port })).toMatch(
      /PRINT_AGENT_PORT/,
    );
  });

  it('refuses unknown flags and flags without values, showing the usage', () => {
    expect(failure(['--portal-origin', ORIGIN, '--colour'])).toMatch(/--colour[\s\S]*Usage:/);
    expect(failure(['--portal-origin'])).toMatch(/portal-origin[\s\S]*Usage:/);
  });

  it('answers --help without needing the rest', () => {
    expect(parseConfig(['--help'], {})).toEqual({ help: true });
  });
});
