import type { LedgerKind } from '@csp/contracts';
import type { fundingLedger, fundingSources } from '../schema/index.ts';
import { isoDay } from './dates.ts';
import type { Allowance, SourceSpec } from './gen-funding-types.ts';
import type { Rng } from './prng.ts';

/** voucher-code.ts's alphabet (Crockford base 32); the seed draws from its own PRNG. */
const VOUCHER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A funding source's row as the funding module writes it on creation. */
export function sourceRow(
  id: number,
  locationId: number,
  spec: SourceSpec,
  createdAt: Date,
): typeof fundingSources.$inferInsert {
  return {
    id,
    locationId,
    name: spec.name,
    kind: spec.kind,
    budgetCents: spec.budgetCents,
    chargeStartsOn: isoDay(spec.startDay),
    chargeEndsOn: isoDay(spec.endDay),
    perStudentCapCents: spec.capCents,
    scope: spec.scope,
    spending: [...spec.spending],
    unspentPolicy: spec.unspentPolicy,
    promoCode: spec.promo?.code ?? null,
    promoAmountCents: spec.promo?.amountCents ?? null,
    promoUseLimit: spec.promo?.useLimit ?? null,
    closedAt: null,
    version: 0,
    createdBy: spec.createdBy,
    createdAt,
    updatedAt: createdAt,
  };
}

/** What a ledger entry may name besides its allowance and amount. */
export interface LedgerExtra {
  orderId?: number;
  termId?: number | null;
  details?: object;
  note?: string;
}

/** A ledger entry's row (its id is assigned later, in time order). */
export function ledgerRow(
  locationId: number,
  allowance: Allowance,
  kind: LedgerKind,
  amountCents: number,
  at: Date,
  actor: number | null,
  extra: LedgerExtra,
): typeof fundingLedger.$inferInsert {
  return {
    locationId,
    sourceId: allowance.source.id,
    allowanceId: allowance.id,
    studentId: allowance.studentId,
    kind,
    amountCents,
    orderId: extra.orderId ?? null,
    termId: extra.termId ?? null,
    actorAccountId: actor,
    at,
    note: extra.note ?? '',
    details: extra.details ?? {},
  };
}

/** A voucher code not drawn before (10 draws per attempt, redrawn on a clash). */
export function drawVoucherCode(rng: Rng, codes: Set<string>): string {
  for (;;) {
    let code = '';
    for (let i = 0; i < 10; i++) {
      if (i === 5) code += '-';
      code += VOUCHER_ALPHABET[rng.int(0, VOUCHER_ALPHABET.length - 1)];
    }
    if (!codes.has(code)) {
      codes.add(code);
      return code;
    }
  }
}

export function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
