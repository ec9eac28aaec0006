import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LocalPrintHealth, LocalPrinter } from '@csp/contracts';
import { dymoStatus, setPreferredDymoPrinter, type DymoStatus } from './dymo-printer.ts';
import { localPrintClient, probeAgentHealth } from './local-print-client.ts';
import { forgetPrinterProbes } from './printer-probes.ts';

export interface AgentStatus {
  health: LocalPrintHealth;
  printers: LocalPrinter[];
  /** Why the printers could not be listed (CUPS stopped, say) while the service answered. */
  printersError: string | null;
}

const AGENT_KEY = ['print', 'agent'] as const;
const DYMO_KEY = ['print', 'dymo'] as const;

/**
 * What each path sees right now. Never cached across openings of the panel and never retried:
 * the clerk is looking at a printer that may have just been plugged in. Only a service found
 * unreachable moments ago (by a print, say) is not asked again (printer-probes.ts), until
 * "Check again".
 */
const FRESH = { retry: false, staleTime: 0, gcTime: 0, refetchOnWindowFocus: false } as const;

/**
 * What a status query says now: after a failed check the query keeps its last answer, but a
 * service that stopped answering must not still show as running.
 */
export function currentOf<T>(query: { isError: boolean; data: T | undefined }): T | undefined {
  return query.isError ? undefined : query.data;
}

export function useAgentStatus() {
  return useQuery<AgentStatus>({
    queryKey: AGENT_KEY,
    queryFn: async () => {
      const agent = localPrintClient();
      const health = await probeAgentHealth();
      try {
        return { health, printers: await agent.printers(), printersError: null };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { health, printers: [], printersError: message };
      }
    },
    ...FRESH,
  });
}

export function useDymoStatus() {
  return useQuery<DymoStatus>({ queryKey: DYMO_KEY, queryFn: dymoStatus, ...FRESH });
}

export function useSetAgentPrinter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => localPrintClient().setDefaultPrinter(name),
    onSettled: () => client.invalidateQueries({ queryKey: AGENT_KEY }),
  });
}

export function useSetDymoPrinter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => setPreferredDymoPrinter(name),
    onSettled: () => client.invalidateQueries({ queryKey: DYMO_KEY }),
  });
}

export function useRecheckPrinters() {
  const client = useQueryClient();
  return () => {
    // The clerk may have just started a service: ask every one again.
    forgetPrinterProbes();
    return Promise.all([
      client.invalidateQueries({ queryKey: AGENT_KEY }),
      client.invalidateQueries({ queryKey: DYMO_KEY }),
    ]);
  };
}
