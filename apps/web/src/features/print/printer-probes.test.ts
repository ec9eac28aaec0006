import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DYMO_HOSTS, DYMO_PORTS, DYMO_SERVICE_PATH } from '@csp/dymo';
import { LOCAL_PRINT_ORIGIN } from '@csp/contracts';
import { printLabels, type PrintPaths, browserPrintPaths } from './print-chain.ts';
import { PRINT_MESSAGES as M } from './print-messages.ts';
import { forgetPrinterProbes, PRINTER_PROBE_MEMORY_MS } from './printer-probes.ts';
import { useAgentStatus, useDymoStatus, useRecheckPrinters } from './printer-status-queries.ts';

const LABELS = ['/labels/a', '/labels/b', '/labels/c'];

/** Every address DYMO Connect may answer on: one sweep asks each of them once. */
const DYMO_SWEEP = DYMO_HOSTS.flatMap((host) =>
  DYMO_PORTS.map((port) => `https://${host}:${port}${DYMO_SERVICE_PATH}/StatusConnected`),
);
const AGENT_HEALTH = `${LOCAL_PRINT_ORIGIN}/api/v1/omniprint/healthCheck`;
/** One probe of each service: what a clerk's console shows as refused connections. */
const ONE_PROBE_EACH = [AGENT_HEALTH, ...DYMO_SWEEP].sort();

/**
 * A workstation where neither the print agent nor DYMO Connect runs: every connection is
 * refused, as a browser reports it. Answers the addresses tried, in order.
 */
function nothingListening(): string[] {
  const attempts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      attempts.push(`${url.origin}${url.pathname}`);
      throw new TypeError('Failed to fetch');
    }),
  );
  return attempts;
}

/** Tabs are the browser's business here: this test counts network attempts only. */
function pathsWithoutTabs(): PrintPaths {
  return { ...browserPrintPaths(), tabs: async () => ({ blocked: [] }) };
}

/** The printer panel's checks, as the panel runs them. */
function renderPrinterChecks() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  return renderHook(
    () => ({ agent: useAgentStatus(), dymo: useDymoStatus(), recheck: useRecheckPrinters() }),
    { wrapper },
  );
}

async function bothChecksFailed(checks: ReturnType<typeof renderPrinterChecks>) {
  await waitFor(() => {
    expect(checks.result.current.agent.isError).toBe(true);
    expect(checks.result.current.dymo.isError).toBe(true);
  });
}

describe('probing the print services (one probe each, not one per label or per check)', () => {
  beforeEach(() => forgetPrinterProbes());
  afterEach(() => {
    forgetPrinterProbes();
    vi.useRealTimers();
  });

  it('a return, the next return and the printer check moments later probe each service once', async () => {
    const attempts = nothingListening();

    const first = await printLabels(LABELS, pathsWithoutTabs());
    const second = await printLabels(['/labels/d'], pathsWithoutTabs());
    const checks = renderPrinterChecks();
    await bothChecksFailed(checks);

    expect([...attempts].sort()).toEqual(ONE_PROBE_EACH);
    // What the clerk is told is the same each time.
    expect(first.inTabs).toEqual(LABELS);
    expect(first.reasons).toEqual([M.agentDown, expect.stringMatching(/DYMO Connect/)]);
    expect(second.reasons).toEqual(first.reasons);
    expect(checks.result.current.dymo.error?.message).toBe(first.reasons[1]);
    checks.unmount();
  });

  it('asks again once the memory of a refusal is old, and at once when the clerk checks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const attempts = nothingListening();
    await printLabels(LABELS, pathsWithoutTabs());

    vi.setSystemTime(Date.now() + PRINTER_PROBE_MEMORY_MS);
    await printLabels(LABELS, pathsWithoutTabs());
    expect(attempts).toHaveLength(2 * ONE_PROBE_EACH.length);

    const checks = renderPrinterChecks();
    await bothChecksFailed(checks);
    expect(attempts).toHaveLength(2 * ONE_PROBE_EACH.length);
    // "Check again": the clerk may have just started a service.
    await act(() => checks.result.current.recheck());
    await bothChecksFailed(checks);
    expect([...attempts.slice(2 * ONE_PROBE_EACH.length)].sort()).toEqual(ONE_PROBE_EACH);
    checks.unmount();
  });
});
