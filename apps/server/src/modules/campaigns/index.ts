/**
 * The campaigns module's public face (issue 30): adoption deadlines per division and term,
 * and how each term's sections stand against them.
 */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerCampaignRoutes } from './routes.ts';
/** Where a section stands against its term's deadline: the rule every list applies. */
export { deadlineStatusSql } from './deadlines/deadline-status-sql.ts';
/** The divisions whose campaigns (and rollovers) the caller runs: a predicate over `dv.id`. */
export { campaignDivisions } from './campaign-access.ts';
/** The store's name and first website, whose address e-mailed links use (no request, no Host). */
export { findStoreSite } from './schedule/store-site-repository.ts';

/** The module as a Fastify plugin (app.ts registers it). */
export const campaignsModule = modulePlugin(registerCampaignRoutes);
