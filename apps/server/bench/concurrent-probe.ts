import { request } from 'node:http';

/**
 * Other users while an import runs (issue 27, point 3): a client that asks the server one
 * request at a time, as fast as it answers, over real HTTP, from the moment `start` is called
 * until `stop`; a request still waiting when the phase ends is waited for and counted, so a
 * server that answers nobody until the import ends shows as one long request, not as none.
 */
export interface ProbeResult {
  requests: number;
  p50: number;
  p95: number;
  max: number;
}

/** One GET over HTTP (fetch cannot send the Host header the store is found by). */
function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

export function startProbe(urls: readonly string[], headers: Record<string, string>) {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const t0 = performance.now();
      const status = await get(urls[i % urls.length]!, headers);
      if (status !== 200) throw new Error(`${urls[i % urls.length]} answered ${status}`);
      times.push(performance.now() - t0);
      // A user clicks, not a load test: a request every 50 ms at most.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return async (): Promise<ProbeResult> => {
    running = false;
    await loop;
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return { requests: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
  };
}

export const probeText = (r: ProbeResult) =>
  `other requests meanwhile: ${r.requests}, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(0)} ms`;
