/**
 * The LTI module's public face (issue 33): launch from a learning platform (LTI 1.3). The
 * store's platform registrations, the OIDC login and launch, and where a launch lands.
 */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerLtiRoutes } from './routes.ts';

/** Who may frame the web app's document: the store's learning platforms (plugins/spa.ts asks). */
export { documentFraming as ltiDocumentFraming } from './registrations/frame-origins.ts';

/** The module as a Fastify plugin (app.ts registers it). */
export const ltiModule = modulePlugin(registerLtiRoutes);
