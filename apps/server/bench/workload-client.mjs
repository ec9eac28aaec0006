// The load generator of the staff workload (workload.ts): its own process, so the server's
// event loop is measured, not the client's. Reads {base, requests, connections, seconds} as
// JSON on argv[2]; prints {requests, errors, statuses, rps, p50, p95} as JSON.
import { Agent, request } from 'undici';

const { base, requests, connections, seconds } = JSON.parse(process.argv[2]);
const agent = new Agent({ connections, pipelining: 1 });
const latencies = [];
const statuses = {};
let errors = 0;
const deadline = performance.now() + seconds * 1000;

async function worker(offset) {
  for (let i = offset; performance.now() < deadline; i += connections) {
    const r = requests[i % requests.length];
    const started = performance.now();
    try {
      const res = await request(base + r.url, {
        method: r.method,
        headers: r.headers,
        body: r.body,
        dispatcher: agent,
      });
      await res.body.dump();
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 400) errors++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - started);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: connections }, (_, i) => worker(i)));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (p) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
await agent.close();
console.log(
  JSON.stringify({
    requests: latencies.length,
    errors,
    statuses,
    rps: latencies.length / elapsed,
    p50: at(50),
    p95: at(95),
  }),
);
