import {
  CAMPAIGN_MESSAGES,
  DEFAULT_CAMPAIGN_STEPS,
  type ActionName,
  type CampaignStep,
  type CampaignStepInput,
  type TermCampaign,
} from '@csp/contracts';
import { storePasswordLogin } from '../../lib/credential-storage.ts';
import { json, type StubRequest } from '../fetch-stub.ts';
import { sessionResponse } from '../fixtures.ts';
import { renderApp } from '../render-app.tsx';

type Handler = (request: StubRequest) => Response | Promise<Response>;

export const CAMPAIGN_PATH = '/app-rest/admin_portal/v1/7/adoptionCampaigns/31';
export const EXCLUSIONS_PATH = `${CAMPAIGN_PATH}/exclusions`;
export const RECIPIENTS_PATH = `${CAMPAIGN_PATH}/recipients`;
export const CAMPAIGN_PAGE = '/campaigns/deadlines/31/campaign';
export const UNSUBSCRIBE_API = '/app-rest/public/v1/campaignUnsubscribe';
export const UNSUBSCRIBE_TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';

/** YYYY-MM-DD plus some days, in UTC so the fake's days never shift. */
function plusDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const PEOPLE = [
  { email: 'ada.lovelace@example.edu', name: 'Ada Lovelace', sections: 2, excluded: false },
  { email: 'alan.turing@example.edu', name: 'Alan Turing', sections: 1, excluded: false },
  { email: 'grace.hopper@example.edu', name: 'Grace Hopper', sections: 3, excluded: false },
];

/**
 * A stand-in for the campaign endpoints of term 31 (Fall 2026, deadline 09/01/2099 so every
 * default step is still to come): its steps, who is left out, the recipients preview, and one
 * unsubscribe link. `refuseNext` answers the next PUT of the steps with that status and body.
 */
export class FakeCampaignServer {
  deadline: string | null = '2099-09-01';
  scheduled = false;
  /** Steps the server has mailed: kept whatever a PUT sends. */
  sentSteps: CampaignStep[] = [];
  steps: CampaignStepInput[] = [];
  exclusions: TermCampaign['exclusions'] = [];
  emailsSent = 0;
  refuseNext: { status: number; body: { message: string; field?: string } } | null = null;
  unsubscribed = false;

  private step(input: CampaignStepInput): CampaignStep {
    const day = plusDays(this.deadline ?? '2099-09-01', input.daysFromDeadline);
    return { ...input, day, state: 'SCHEDULED', recipients: 0, sent: 0, toSend: 0, notSent: 0 };
  }

  campaign(): TermCampaign {
    const planned = this.scheduled ? this.steps : DEFAULT_CAMPAIGN_STEPS;
    return {
      termId: 31,
      termName: 'Fall 2026',
      divisionName: 'Main Campus',
      deadline: this.deadline,
      scheduled: this.scheduled,
      steps: [...this.sentSteps, ...planned.map((s) => this.step(s))],
      exclusions: this.exclusions,
      emailsSent: this.emailsSent,
    };
  }

  private schedule(body: { steps: CampaignStepInput[] }): Response {
    if (this.refuseNext) {
      const { status, body: error } = this.refuseNext;
      this.refuseNext = null;
      return json(status, error);
    }
    if (!this.deadline) {
      return json(400, { message: CAMPAIGN_MESSAGES.needsDeadline, field: 'termId' });
    }
    const sent = new Set(this.sentSteps.map((s) => `${s.kind}:${s.daysFromDeadline}`));
    this.steps = body.steps.filter((s) => !sent.has(`${s.kind}:${s.daysFromDeadline}`));
    this.scheduled = true;
    return json(200, this.campaign());
  }

  private exclude(body: { email: string; excluded: boolean }): Response {
    this.exclusions = this.exclusions.filter((e) => e.email !== body.email);
    if (body.excluded) {
      this.exclusions.push({ email: body.email, reason: 'STORE', at: '2026-07-20T15:00:00.000Z' });
    }
    return json(200, this.campaign());
  }

  private recipients(search: string): Response {
    const left = new Set(this.exclusions.map((e) => e.email));
    const people = PEOPLE.filter((p) =>
      `${p.name} ${p.email}`.toLowerCase().includes(search.toLowerCase()),
    ).map((p) => ({ ...p, excluded: left.has(p.email) }));
    return json(200, { people, total: people.length });
  }

  private link(token: string | null | undefined): Response {
    if (token !== UNSUBSCRIBE_TOKEN) {
      return json(404, { message: CAMPAIGN_MESSAGES.linkNotFound, field: 'token' });
    }
    return json(200, {
      storeName: 'Springfield University Bookstore',
      termName: 'Fall 2026',
      email: 'ada.lovelace@example.edu',
      unsubscribed: this.unsubscribed,
    });
  }

  handlers(): Record<string, Handler> {
    return {
      [`GET ${CAMPAIGN_PATH}`]: () => json(200, this.campaign()),
      [`PUT ${CAMPAIGN_PATH}`]: (r) => this.schedule(r.body as { steps: CampaignStepInput[] }),
      [`PUT ${EXCLUSIONS_PATH}`]: (r) =>
        this.exclude(r.body as { email: string; excluded: boolean }),
      [`GET ${RECIPIENTS_PATH}`]: (r) => this.recipients(r.url.searchParams.get('search') ?? ''),
      [`GET ${UNSUBSCRIBE_API}`]: (r) => this.link(r.url.searchParams.get('token')),
      [`POST ${UNSUBSCRIBE_API}`]: (r) => {
        const token = (r.body as { token?: string }).token;
        if (token === UNSUBSCRIBE_TOKEN) this.unsubscribed = true;
        return this.link(token);
      },
    };
  }
}

/** The whole app at the campaign page of term 31, signed in as Pat with the given actions. */
export function renderCampaign(
  server: FakeCampaignServer,
  options: { actions?: ActionName[]; path?: string } = {},
) {
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
  return renderApp(options.path ?? CAMPAIGN_PAGE, {
    session: sessionResponse({ actions: options.actions ?? ['MANAGE_ADOPTION_CAMPAIGNS'] }),
    handlers: server.handlers(),
  });
}

/** The unsubscribe page of a link, signed out as an instructor opening their e-mail. */
export function renderUnsubscribe(server: FakeCampaignServer, token = UNSUBSCRIBE_TOKEN) {
  return renderApp(`/campaign-unsubscribe?token=${token}`, { handlers: server.handlers() });
}
