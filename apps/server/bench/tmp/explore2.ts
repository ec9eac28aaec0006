import { fillPath, getCourseList, login } from '@csp/contracts';
import { buildApp } from '../../src/app.ts';
import { createDb } from '../../src/db/client.ts';
import { loadConfig } from '../../src/config.ts';
import { LARGE_ADMIN, LARGE_PASSWORD } from '../../src/db/seed/large-store.ts';
const captured: { sql: string; params: unknown[] }[] = [];
let capture = false;
const db = await createDb({ engine: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/csp_explore', onQuery: (sql, params) => { if (capture) captured.push({ sql, params }); } });
const secret = 'bench-secret-bench-secret-bench-secret!';
const config = { ...loadConfig({ ...process.env, JWT_SECRET: secret, SEED_DEMO: 'false' }), jwtSecret: new TextEncoder().encode(secret), logLevel: 'silent' as const };
const app = await buildApp({ db: db.db, config });
const host = 'large.localhost';
const s = (await app.inject({ method: 'POST', url: login.path, headers: { host }, payload: { userName: LARGE_ADMIN, password: LARGE_PASSWORD } })).json();
const bodies: Record<string, object> = JSON.parse(process.argv[2] ?? '{"default":{}}');
for (const [name, body] of Object.entries(bodies)) {
  const times: number[] = [];
  let res;
  for (let i = 0; i < 30; i++) {
    capture = i === 0;
    const t = performance.now();
    res = await app.inject({ method: 'POST', url: fillPath(getCourseList.path, { userAccountId: s.accountId }), headers: { host, 'auth-token': s.token }, payload: body });
    times.push(performance.now() - t);
    capture = false;
  }
  times.sort((a, b) => a - b);
  const j = res!.json();
  console.log(name, 'status', res!.statusCode, 'count', j.recordCount, 'p50', times[15]!.toFixed(1), 'p95', times[28]!.toFixed(1), j.courseDTOList?.[0]);
  if (process.env.EXPLAIN) {
    const last = captured[captured.length - 1]!;
    const r = await db.rawQuery('explain (analyze, buffers) ' + last.sql, last.params);
    console.log((r as any).rows.map((x: any) => x['QUERY PLAN']).join('\n'));
  }
  captured.length = 0;
}
await app.close(); await db.close();
