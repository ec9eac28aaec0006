/** The portal module's public face: websites by host, their config and logos. */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerPortalRoutes } from './routes.ts';
export { WebsiteResolver } from './website-resolver.ts';

/** The module as a Fastify plugin (app.ts registers it under its prefix). */
export const portalModule = modulePlugin(registerPortalRoutes);
