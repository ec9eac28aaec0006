/** The SAML module's public face: single sign-on and single logout routes. */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerSamlRoutes } from './routes.ts';

/** The one-time sign-in ticket the web app exchanges (also a launch's landing, issue 33). */
export { issueTicket } from './tickets.ts';

/** The module as a Fastify plugin (app.ts registers it under its prefix). */
export const samlModule = modulePlugin(registerSamlRoutes);
