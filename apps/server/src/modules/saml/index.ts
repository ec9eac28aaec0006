/** The SAML module's public face: single sign-on and single logout routes. */
export { registerSamlRoutes } from './routes.ts';
