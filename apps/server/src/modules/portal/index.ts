/** The portal module's public face: websites by host, their config and logos. */
export { registerPortalRoutes } from './routes.ts';
export { WebsiteResolver } from './website-resolver.ts';
