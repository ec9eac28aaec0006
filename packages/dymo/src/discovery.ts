import { DYMO_SERVICE_PATH } from './constants.ts';
import { timedRequest, type FetchLike } from './http.ts';

export interface ServiceLocation {
  host: string;
  port: number;
  /** https://host:port, what every command URL starts with. */
  origin: string;
}

export function serviceLocation(host: string, port: number): ServiceLocation {
  const name = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return { host, port, origin: `https://${name}:${port}` };
}

export interface FindServiceOptions {
  fetch: FetchLike;
  hosts: readonly string[];
  ports: readonly number[];
  timeoutMs: number;
  /** The last working host and port; tried alone first. */
  cached?: { host: string; port: number } | null;
}

/**
 * The framework's discovery: the cached host:port alone first; else, host by host, every port at
 * once, the first to answer StatusConnected with a 2xx winning (the others are cancelled).
 * Null when nothing answered within the time-out.
 */
export async function findService(options: FindServiceOptions): Promise<ServiceLocation | null> {
  const { cached } = options;
  if (cached && (await answers(options, serviceLocation(cached.host, cached.port)))) {
    return serviceLocation(cached.host, cached.port);
  }
  for (const host of options.hosts) {
    const port = await firstAnsweringPort(options, host);
    if (port !== null) return serviceLocation(host, port);
  }
  return null;
}

async function firstAnsweringPort(
  options: FindServiceOptions,
  host: string,
): Promise<number | null> {
  const race = new AbortController();
  try {
    return await new Promise<number | null>((resolve) => {
      let pending = options.ports.length;
      if (pending === 0) resolve(null);
      for (const port of options.ports) {
        void answers(options, serviceLocation(host, port), race.signal).then((ok) => {
          if (ok) resolve(port);
          else if (--pending === 0) resolve(null);
        });
      }
    });
  } finally {
    race.abort();
  }
}

async function answers(
  options: FindServiceOptions,
  location: ServiceLocation,
  cancel?: AbortSignal,
): Promise<boolean> {
  try {
    const url = `${location.origin}${DYMO_SERVICE_PATH}/StatusConnected`;
    const reply = await timedRequest(
      options.fetch,
      url,
      { method: 'GET' },
      options.timeoutMs,
      cancel,
    );
    return reply.ok;
  } catch {
    return false;
  }
}
