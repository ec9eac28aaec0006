import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  CAMPAIGN_MESSAGES as M,
  getCampaignRecipients,
  getSectionCampaignEmails,
  getTermCampaign,
  scheduleTermCampaign,
  setCampaignExclusion,
  type ActionName,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../../app-deps.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import { route } from '../../../lib/route.ts';
import { takeMailAllowance } from '../../mail/index.ts';
import { campaignDivisions } from '../campaign-access.ts';
import {
  ensureCampaign,
  findCampaignTerm,
  readTermCampaign,
  saveCampaignSteps,
  setExclusion,
  type CampaignTerm,
} from './campaign-repository.ts';
import { listSectionCampaignEmails, previewRecipients } from './history-repository.ts';
import { runCampaigns } from './send-job.ts';

const TAGS = ['campaigns'];
const SECTION_HISTORY_ACTIONS: readonly ActionName[] = [
  'VIEW_SECTION',
  'MANAGE_ADOPTION_CAMPAIGNS',
];

async function reachableCampaignTerm(
  deps: AppDeps,
  request: FastifyRequest,
  termId: number,
): Promise<CampaignTerm> {
  const divisions = await campaignDivisions(request);
  const term = await findCampaignTerm(deps.db, request.session.locationId, termId, divisions);
  if (!term) throw AppError.notFound(M.termNotFound, 'termId');
  return term;
}

/** The caller's scope over a section `s` of a course `c` for any action that reads its history. */
async function sectionHistoryScope(request: FastifyRequest): Promise<SQL> {
  const grants = await request.grants;
  await grants.requireAny(SECTION_HISTORY_ACTIONS, M.sectionNotFound);
  const scopes: SQL[] = [];
  for (const action of SECTION_HISTORY_ACTIONS) {
    if (grants.holdsEverywhere(action)) return sql`true`;
    scopes.push(
      await grants.scopePredicate(action, {
        divisionId: sql`c.division_id`,
        departmentId: sql`c.department_id`,
        courseId: sql`s.course_id`,
        sectionId: sql`s.id`,
      }),
    );
  }
  return sql`(${sql.join(scopes, sql` or `)})`;
}

/**
 * Adoption campaigns (issue 30, point 2; ADR 0044): a term's e-mail steps, the people left
 * out, who a reminder would ask, and each section's campaign e-mails.
 */
export function registerCampaignScheduleRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, getTermCampaign, { tags: TAGS, errors: [404] }, async ({ params, request }) => {
    const term = await reachableCampaignTerm(deps, request, params.termId);
    return readTermCampaign(deps.db, term, isoDay(deps.now()));
  });

  route(
    app,
    scheduleTermCampaign,
    { tags: TAGS, errors: [404, 429] },
    async ({ params, body, request }) => {
      const term = await reachableCampaignTerm(deps, request, params.termId);
      if (!term.deadline) throw AppError.badRequest(M.needsDeadline, 'termId');
      const { accountId, locationId } = request.session;
      // A step due today goes out now: scheduling counts as one send against the limits.
      const allowance = await takeMailAllowance(deps.throttle, 'campaignSchedule', {
        accountId,
        locationId,
      });
      const campaignId = await saveCampaignSteps(
        deps.db,
        locationId,
        term.termId,
        accountId,
        body.steps,
      );
      const campaign = await readTermCampaign(deps.db, { ...term, campaignId }, isoDay(deps.now()));
      if (campaign.steps.some((s) => s.state === 'SENDING')) {
        deps.background.run('adoption campaign e-mails', async () => {
          await runCampaigns({ ...deps, log: app.log, signal: deps.background.signal }, deps.now());
        });
      } else {
        await allowance.refund();
      }
      return campaign;
    },
  );

  route(
    app,
    setCampaignExclusion,
    { tags: TAGS, errors: [404, 409] },
    async ({ params, body, request }) => {
      const term = await reachableCampaignTerm(deps, request, params.termId);
      const { accountId, locationId } = request.session;
      // People may be left out before the campaign is scheduled (from the recipients' preview).
      const campaignId =
        term.campaignId ?? (await ensureCampaign(deps.db, locationId, term.termId, accountId));
      if (!(await setExclusion(deps.db, campaignId, body.email, body.excluded, accountId))) {
        throw AppError.conflict(M.unsubscribedStaysOut, 'email');
      }
      return readTermCampaign(deps.db, { ...term, campaignId }, isoDay(deps.now()));
    },
  );

  route(
    app,
    getCampaignRecipients,
    { tags: TAGS, errors: [404] },
    async ({ params, query, request }) => {
      const term = await reachableCampaignTerm(deps, request, params.termId);
      return previewRecipients(deps.db, request.session.locationId, term, query.search);
    },
  );

  route(
    app,
    getSectionCampaignEmails,
    { tags: TAGS, errors: [404] },
    async ({ query, request }) => {
      const scope = await sectionHistoryScope(request);
      const emails = await listSectionCampaignEmails(
        deps.db,
        request.session.locationId,
        query.sectionId,
        scope,
      );
      if (emails === null) throw AppError.notFound(M.sectionNotFound, 'sectionId');
      return emails;
    },
  );
}
