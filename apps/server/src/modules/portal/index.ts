/** The portal module's public face: websites by host, their config and logos. */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerPortalRoutes } from './routes.ts';
import type { WebsiteResolver } from './website-resolver.ts';
export { WebsiteResolver } from './website-resolver.ts';

/** The module as a Fastify plugin (app.ts registers it under its prefix). */
export const portalModule = modulePlugin(registerPortalRoutes);

// Declared here rather than in app-deps.ts, which would then import this module while this
// module's routes import it: a cycle.
declare module '../../app-deps.ts' {
  interface AppDeps {
    websites: WebsiteResolver;
  }
}
