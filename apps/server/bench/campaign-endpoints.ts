import type { FastifyInstance } from 'fastify';
import {
  fillPath,
  getAdoptionDeadlines,
  getCampaignRecipients,
  getDepartmentContacts,
  getMyCourses,
  getTermCampaign,
  type Endpoint,
  type TermDeadline,
} from '@csp/contracts';
import { LARGE_ADMIN, LARGE_PASSWORD } from '../src/db/seed/large-store.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed/demo-accounts.ts';
import { expectOk } from './expect-ok.ts';
import { DEMO_HOST, LARGE_HOST, signIn, type BenchEndpoint } from './endpoints.ts';

const LARGE_INSTRUCTOR = 'instructor@large-university.edu';
const DEMO_PASSWORD = (userName: string) =>
  DEMO_ACCOUNTS.find((a) => a.userName === userName)!.password;

type Caller = { host: string; token: string; accountId: number };

function caller(app: FastifyInstance, who: Caller) {
  return (contract: Endpoint, params: object = {}, query: Record<string, string> = {}) =>
    async () => {
      const res = await app.inject({
        method: contract.method,
        url: fillPath(contract.path, { userAccountId: who.accountId, ...params }),
        headers: { host: who.host, 'auth-token': who.token },
        query,
      });
      expectOk(res, contract.path);
      return res;
    };
}

/** The coming term with the most sections (the campaign's largest). */
async function busiestTerm(call: ReturnType<typeof caller>): Promise<TermDeadline> {
  const res = await call(getAdoptionDeadlines)();
  const terms = res.json<{ terms: TermDeadline[] }>().terms;
  const busiest = [...terms].sort((a, b) => b.sections - a.sections)[0];
  if (!busiest) throw new Error('no coming term');
  return busiest;
}

/**
 * Issue 30's screens on the large store against the demo store: the department contacts (a
 * paged list), a term's campaign and who its reminder would mail (over the term's sections
 * without an adoption), and an instructor's own courses.
 */
export async function campaignBench(app: FastifyInstance): Promise<BenchEndpoint[]> {
  const large = {
    host: LARGE_HOST,
    ...(await signIn(app, LARGE_HOST, LARGE_ADMIN, LARGE_PASSWORD)),
  };
  const cma = 'cma@demo-university.edu';
  const demo = { host: DEMO_HOST, ...(await signIn(app, DEMO_HOST, cma, DEMO_PASSWORD(cma))) };
  const teacher = 'instructor@demo-university.edu';
  const largeTeacher = {
    host: LARGE_HOST,
    ...(await signIn(app, LARGE_HOST, LARGE_INSTRUCTOR, LARGE_PASSWORD)),
  };
  const demoTeacher = {
    host: DEMO_HOST,
    ...(await signIn(app, DEMO_HOST, teacher, DEMO_PASSWORD(teacher))),
  };
  const [asLarge, asDemo] = [caller(app, large), caller(app, demo)];
  const [largeTerm, demoTerm] = [await busiestTerm(asLarge), await busiestTerm(asDemo)];
  const note = `${largeTerm.sections} sections, ${largeTerm.open + largeTerm.missing} without an adoption`;
  const voidly = (work: () => Promise<unknown>) => async () => void (await work());
  return [
    {
      name: 'campaigns getDepartmentContacts (page 1)',
      runs: 100,
      budgetP95Ms: { pglite: 60, postgres: 40 },
      call: voidly(asLarge(getDepartmentContacts)),
      demo: { call: voidly(asDemo(getDepartmentContacts)), maxGrowth: 3 },
    },
    {
      name: 'campaigns getTermCampaign (busiest coming term)',
      runs: 100,
      budgetP95Ms: { pglite: 30, postgres: 20 },
      call: voidly(asLarge(getTermCampaign, { termId: largeTerm.termId })),
      demo: { call: voidly(asDemo(getTermCampaign, { termId: demoTerm.termId })), maxGrowth: 3 },
    },
    {
      name: 'campaigns getCampaignRecipients (busiest coming term)',
      runs: 30,
      budgetP95Ms: { pglite: 400, postgres: 250 },
      note,
      call: voidly(asLarge(getCampaignRecipients, { termId: largeTerm.termId })),
    },
    {
      name: 'adoption getMyCourses (an instructor)',
      runs: 100,
      budgetP95Ms: { pglite: 60, postgres: 40 },
      call: voidly(caller(app, largeTeacher)(getMyCourses)),
      demo: { call: voidly(caller(app, demoTeacher)(getMyCourses)), maxGrowth: 3 },
    },
  ];
}
