/**
 * The research module's public face: section research (the filter's lookups, the section
 * list, a section's detail and materials) and the public textbook list of each website.
 * Code outside the module imports only this file.
 */
export { registerResearchRoutes } from './routes.ts';
