/** Service bases of docs/behaviour/calls.md: {base}/app-rest/{service}/v1. */
export const API_PREFIX = '/app-rest';
export const PORTAL_BASE = `${API_PREFIX}/portal/v1`;
export const ADMIN_BASE = `${API_PREFIX}/admin_portal/v1`;
export const ADOPTION_BASE = `${API_PREFIX}/adoption/v1`;
export const SAML_BASE = `${API_PREFIX}/saml/v1`;
/** Public, no-login calls of a website (the textbook list the law asks stores to publish). */
export const PUBLIC_BASE = `${API_PREFIX}/public/v1`;
/** Where website config JSON files and logos are served (the "configuration-data host"). */
export const CONFIG_BASE = '/site-config';
/** Where the OpenAPI document and its viewer are served. */
export const OPENAPI_JSON_PATH = '/api-docs/openapi.json';
export const OPENAPI_UI_PATH = '/api-docs';
/** Where logo files named in a website config are served: `${LOGO_BASE}/{fileName}`. */
export const LOGO_BASE = `${CONFIG_BASE}/logos`;
