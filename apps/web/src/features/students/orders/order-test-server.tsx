import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import type {
  ActionName,
  OrderSummary,
  OrderableItem,
  OrderFundingSplit,
  RequiredMaterial,
  ShippingPrice,
  StudentAllowance,
  getStudentFunding,
  getTransactionHistory,
} from '@csp/contracts';
import { STUDENT_FUNDING_ACTIONS, STUDENT_FUNDING_REFUSAL } from '@csp/contracts';
import type { z } from 'zod';
import { AppProviders } from '../../../app/app-providers.tsx';
import { createAppServices } from '../../../app/app-services.ts';
import type { SessionApi } from '../../account/index.ts';
import { json, stubFetch, type StubRequest } from '../../../test/fetch-stub.ts';
import { WEBSITE, sessionResponse } from '../../../test/fixtures.ts';

/*
 * A stand-in for the admin-portal order endpoints over one student, for the panels' tests: it
 * keeps the orders it is given, places and changes them as the server would, and records every
 * call. The signed-in account is 7, as in the app's other fixtures.
 */

export const BASE = '/app-rest/admin_portal/v1/7';
export const CUSTOMER_ID = 42;

type History = z.output<typeof getTransactionHistory.response>;
type StudentFunding = z.output<typeof getStudentFunding.response>;
type Handler = (request: StubRequest) => Response | Promise<Response>;

export function requiredMaterial(overrides: Partial<RequiredMaterial> = {}): RequiredMaterial {
  return {
    sectionId: 611,
    courseCode: '317',
    courseName: 'Methods in Ethics',
    sectionCode: 'A1',
    termName: 'Fall 2026',
    divisionName: 'Main Campus',
    startDate: '2026-08-25',
    endDate: '2026-12-12',
    adoptionMaterialId: 194,
    titleId: 997,
    isbn: '9781689184939',
    title: 'Readings in Logic',
    author: 'Samantha Murphy',
    edition: '2nd',
    required: true,
    noTextRequired: false,
    owned: null,
    ...overrides,
  };
}

export const LOGIC: OrderableItem = {
  sectionId: 611,
  courseCode: '317',
  sectionCode: 'A1',
  termName: 'Fall 2026',
  divisionId: 1,
  divisionName: 'Main Campus',
  titleId: 997,
  isbn: '9781689184939',
  title: 'Readings in Logic',
  author: 'Samantha Murphy',
  edition: '2nd',
  required: true,
  options: [
    { fulfillmentType: 'RENT_USED', priceCents: 12200 },
    { fulfillmentType: 'RENT_NEW', priceCents: 16774 },
    { fulfillmentType: 'BUY_NEW', priceCents: 30499 },
  ],
};

export const ART_PACK: OrderableItem = {
  ...LOGIC,
  sectionId: 46,
  courseCode: '383',
  titleId: 50,
  isbn: '9781931071543',
  title: 'Modern Art Course Pack',
  author: '',
  edition: '',
  options: [
    { fulfillmentType: 'RENT_USED', priceCents: 2320 },
    { fulfillmentType: 'BUY_NEW', priceCents: 5799 },
  ],
};

export const SHIPPING: ShippingPrice[] = [
  { code: 'PICKUP', name: 'Pick up in store', priceCents: 0, shipsToAddress: false },
  { code: 'STANDARD', name: 'Standard shipping', priceCents: 799, shipsToAddress: true },
];

export function order(overrides: Partial<OrderSummary> & Pick<OrderSummary, 'orderId'>) {
  return {
    createdAt: '2026-09-23T10:00:00.000Z',
    orderType: 'WEB',
    status: 'OPEN',
    divisionName: 'Main Campus',
    termName: 'Fall 2026',
    items: [
      {
        orderItemId: overrides.orderId * 10,
        titleId: 95,
        isbn: '9780556611226',
        title: 'The Practice of Architecture',
        fulfillmentType: 'RENT_USED',
        status: 'PENDING',
        priceCents: 3960,
        savingsCents: 5939,
      },
    ],
    subtotalCents: 3960,
    taxCents: 287,
    shippingCents: 0,
    totalCents: 4247,
    savingsCents: 5939,
    fundedCents: 0,
    funding: [],
    mayHold: true,
    mayUnhold: false,
    mayCancel: true,
    ...overrides,
  } satisfies OrderSummary;
}

/** An allowance usable today, as the student screen and order creation read it. */
export function allowance(overrides: Partial<StudentAllowance> = {}): StudentAllowance {
  return {
    allowanceId: 301,
    sourceId: 12,
    sourceName: 'Fall Book Advance',
    kind: 'FINANCIAL_AID',
    voucherCode: 'K7M2Q9XR4T',
    termNames: ['Fall 2026'],
    chargeStartsOn: '2026-08-01',
    chargeEndsOn: '2026-09-30',
    usableToday: true,
    eligibility: "Required materials of the student's own sections: new, used, rental",
    allocatedCents: 15000,
    spentCents: 2500,
    balanceCents: 12500,
    ...overrides,
  };
}

/** The student's funding as the server sums it: what is usable today. */
export function studentFunding(allowances: StudentAllowance[]): StudentFunding {
  return {
    allowances,
    availableCents: allowances
      .filter((a) => a.usableToday)
      .reduce((sum, a) => sum + a.balanceCents, 0),
  };
}

export interface FakeWorld {
  actions?: ActionName[];
  materials?: RequiredMaterial[];
  orderable?: OrderableItem[];
  orders?: OrderSummary[];
  savingsVisible?: boolean;
  /** The student's allowances (none unless given). */
  allowances?: StudentAllowance[];
  /** Open promotion codes and the amount one use gives; any other code is refused. */
  promotions?: Record<string, number>;
  /** Answers in place of the fake's own, e.g. a refusal. */
  handlers?: Record<string, Handler>;
}

function sessionApi(actions: ActionName[]): SessionApi {
  const session = sessionResponse({ actions });
  return {
    login: () => Promise.resolve(session),
    resume: () => Promise.resolve(session),
    logout: () => Promise.resolve(),
    getUserActions: () => Promise.resolve(actions),
    exchangeSamlTicket: () => Promise.reject(new Error('not in these tests')),
    fetchCurrentSession: () => Promise.reject(new Error('not in these tests')),
  };
}

/** The order changes as the real server makes them, with what each status allows. */
function withStatus(o: OrderSummary, status: OrderSummary['status']): OrderSummary {
  // Cancelling refunds what funding paid, allowance by allowance.
  const refund = status === 'CANCELLED';
  return {
    ...o,
    status,
    fundedCents: refund ? 0 : o.fundedCents,
    funding: refund ? o.funding.map((f) => ({ ...f, refundedCents: f.chargedCents })) : o.funding,
    mayHold: status === 'OPEN',
    mayUnhold: status === 'ON_HOLD',
    mayCancel: status === 'OPEN' || status === 'ON_HOLD',
  };
}

/** Signs in with `actions` and renders `ui` over the fake server. */
export async function renderWithOrders(ui: ReactNode, world: FakeWorld = {}) {
  // As the server: funding figures and voucher codes only for MANAGE_VOUCHERS or
  // VIEW_STUDENT_FUNDING; orders still apply funding for a clerk without them.
  const seesFunding = STUDENT_FUNDING_ACTIONS.some((a) => (world.actions ?? []).includes(a));
  const state = {
    materials: world.materials ?? [requiredMaterial()],
    orderable: world.orderable ?? [LOGIC, ART_PACK],
    orders: world.orders ?? [],
    allowances: world.allowances ?? [],
    nextOrderId: 500,
    placed: new Map<string, OrderSummary>(),
  };
  const history = (): History => ({
    orders: state.orders,
    rentals: [],
    savingsVisible: world.savingsVisible ?? true,
    totalSpentCents: state.orders
      .filter((o) => o.status !== 'CANCELLED')
      .reduce((sum, o) => sum + o.totalCents, 0),
    totalSavingsCents: world.savingsVisible === false ? null : 5939,
  });
  const change = (to: (o: OrderSummary) => OrderSummary['status']) => (request: StubRequest) => {
    const { orderId } = request.body as { orderId: number };
    const found = state.orders.find((o) => o.orderId === orderId);
    if (!found) return json(404, { message: `Order ${orderId} not found.`, field: 'orderId' });
    const changed = withStatus(found, to(found));
    state.orders = state.orders.map((o) => (o.orderId === orderId ? changed : o));
    return json(200, { order: changed });
  };
  type Draft = {
    items: { titleId: number; fulfillmentType: string }[];
    shippingMethod: string;
    funding?: { useAllowances: boolean; maxCents: number | null; promotionCode: string | null };
  };
  /** The server's split, simplified: usable allowances in turn pay the lines, up to maxCents. */
  const split = (draft: Draft, subtotalCents: number, totalCents: number): OrderFundingSplit => {
    const request = draft.funding;
    const usable = request?.useAllowances
      ? state.allowances.filter((a) => a.usableToday && a.balanceCents > 0)
      : [];
    const code = request?.promotionCode;
    if (code) {
      usable.unshift(
        allowance({
          allowanceId: 900,
          sourceName: 'Welcome Promotion',
          kind: 'PROMOTION',
          voucherCode: code,
          balanceCents: world.promotions?.[code] ?? 0,
        }),
      );
    }
    let left = Math.min(subtotalCents, request?.maxCents ?? Number.MAX_SAFE_INTEGER);
    const lines = usable.flatMap((a) => {
      const amountCents = Math.min(left, a.balanceCents);
      left -= amountCents;
      return amountCents > 0
        ? [
            {
              allowanceId: a.allowanceId,
              sourceName: a.sourceName,
              voucherCode: seesFunding ? a.voucherCode : null,
              amountCents,
            },
          ]
        : [];
    });
    const fundedCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
    return { lines, fundedCents, studentPaysCents: totalCents - fundedCents };
  };
  const refusedCode = (draft: Draft) => {
    const code = draft.funding?.promotionCode;
    if (!code || world.promotions?.[code] !== undefined) return null;
    return json(400, {
      message: `No open promotion has the code ${code}.`,
      field: 'funding.promotionCode',
    });
  };
  const priced = (body: Draft) => {
    const lines = body.items.map((line) => {
      const item = state.orderable.find((o) => o.titleId === line.titleId) as OrderableItem;
      const price = item.options.find((o) => o.fulfillmentType === line.fulfillmentType);
      return {
        ...line,
        sectionId: item.sectionId,
        isbn: item.isbn,
        title: item.title,
        priceCents: price?.priceCents ?? 0,
      };
    });
    const method = SHIPPING.find((m) => m.code === body.shippingMethod) as ShippingPrice;
    const subtotalCents = lines.reduce((sum, l) => sum + l.priceCents, 0);
    const taxCents = Math.round((subtotalCents * 725) / 10000);
    const totalCents = subtotalCents + taxCents + method.priceCents;
    return {
      lines,
      subtotalCents,
      taxRateBasisPoints: 725,
      taxCents,
      shippingMethod: method.code,
      shippingCents: method.priceCents,
      totalCents,
      shipTo: method.shipsToAddress
        ? { streetOne: '2837 Madison Ave', city: 'Austin', state: 'TX', postalCode: '78799' }
        : null,
      funding: split(body, subtotalCents, totalCents),
    };
  };
  const fetchStub = stubFetch({
    'GET /app-rest/portal/v1/website': () => json(200, WEBSITE),
    [`GET ${BASE}/student/requiredMaterials`]: () =>
      json(200, { requiredMaterials: state.materials }),
    [`GET ${BASE}/customerOrderableItems`]: () => json(200, { orderableItems: state.orderable }),
    [`GET ${BASE}/shipping/prices`]: () => json(200, { shippingPrices: SHIPPING }),
    [`GET ${BASE}/student/details`]: () => json(404, { message: 'Customer not found' }),
    [`GET ${BASE}/student/transactionHistory`]: () => json(200, history()),
    [`GET ${BASE}/student/funding`]: () =>
      seesFunding
        ? json(200, studentFunding(state.allowances))
        : json(403, { message: STUDENT_FUNDING_REFUSAL }),
    [`POST ${BASE}/createOrderPreview`]: (request) =>
      refusedCode(request.body as Draft) ?? json(200, priced(request.body as Draft)),
    [`POST ${BASE}/createOrder`]: (request) => {
      const body = request.body as Draft & { clientKey: string };
      const again = state.placed.get(body.clientKey);
      if (again) return json(200, { order: again });
      const refused = refusedCode(body);
      if (refused) return refused;
      const p = priced(body);
      const placed = order({
        orderId: state.nextOrderId++,
        orderType: 'AUTOGEN',
        subtotalCents: p.subtotalCents,
        taxCents: p.taxCents,
        shippingCents: p.shippingCents,
        totalCents: p.totalCents,
        fundedCents: p.funding.fundedCents,
        funding: p.funding.lines.map((l) => ({
          sourceName: l.sourceName,
          voucherCode: l.voucherCode,
          chargedCents: l.amountCents,
          refundedCents: 0,
        })),
      });
      // The charge comes off the balances the student screen shows.
      state.allowances = state.allowances.map((a) => {
        const paid = p.funding.lines.find((l) => l.allowanceId === a.allowanceId)?.amountCents ?? 0;
        return { ...a, spentCents: a.spentCents + paid, balanceCents: a.balanceCents - paid };
      });
      state.placed.set(body.clientKey, placed);
      state.orders = [placed, ...state.orders];
      const ordered = new Set(body.items.map((i) => i.titleId));
      state.orderable = state.orderable.filter((o) => !ordered.has(o.titleId));
      return json(200, { order: placed });
    },
    [`POST ${BASE}/order/hold`]: change(() => 'ON_HOLD'),
    [`POST ${BASE}/order/unhold`]: change(() => 'OPEN'),
    [`POST ${BASE}/order/cancel`]: change(() => 'CANCELLED'),
    ...world.handlers,
  });
  const services = createAppServices(sessionApi(world.actions ?? []));
  await services.sessionStore.login('pat@example.edu', 'secret');
  const view = render(<AppProviders services={services}>{ui}</AppProviders>);
  const notifications = () => services.notificationStore.getSnapshot().map((n) => n.message);
  return { ...view, ...fetchStub, state, services, notifications };
}

/** The calls made to one endpoint, e.g. callsTo(calls, 'POST', 'createOrder'). */
export function callsTo(calls: readonly StubRequest[], method: string, path: string) {
  return calls.filter((c) => c.method === method && c.url.pathname === `${BASE}/${path}`);
}
