// The floor for the start bench (start-bench.ts): a Fastify app with one route, no database,
// started by plain node as `npm start` starts the portal.
import Fastify from 'fastify';

const app = Fastify();
app.get('/health/ready', async () => ({ status: 'ready' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
