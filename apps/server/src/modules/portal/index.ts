/** The portal module's public face: websites by host, their config and logos. */
export { registerPortalRoutes } from './routes.ts';
export { WebsiteResolver } from './website-resolver.ts';

import type { WebsiteResolver } from './website-resolver.ts';

// Declared here rather than in app-deps.ts, which would then import this module while this
// module's routes import it: a cycle.
declare module '../../app-deps.ts' {
  interface AppDeps {
    websites: WebsiteResolver;
  }
}
