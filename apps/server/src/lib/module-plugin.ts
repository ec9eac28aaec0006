import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * A module as a Fastify plugin: its routes, hooks and parsers live in a context of their own
 * (a module's upload parser or onSend hook touches no other module), registered by app.ts under
 * the prefix its contracts' paths share (lib/route.ts takes the prefix off each path).
 */
export function modulePlugin<Deps>(
  register: (app: FastifyInstance, deps: Deps) => void | Promise<void>,
): (deps: Deps) => FastifyPluginAsync {
  return (deps) => async (app) => {
    await register(app, deps);
  };
}
