import type { FundingKind, FundingScope, FundingSpending, UnspentPolicy } from '@csp/contracts';
import type {
  fundingActivity,
  fundingAllowances,
  fundingLedger,
  fundingSources,
  fundingSourceTerms,
} from '../schema/index.ts';
import type { CatalogData } from './catalog-data.ts';
import type { AdoptionData } from './gen-adoptions.ts';
import type { CommerceData } from './gen-commerce.ts';
import type { PeopleData } from './gen-people.ts';
import type { GenContext } from './store-plan.ts';

/** Funding rows of one store (issue 14, ADR 0019), ids assigned, in foreign-key order. */
export interface FundingData {
  sources: (typeof fundingSources.$inferInsert)[];
  sourceTerms: (typeof fundingSourceTerms.$inferInsert)[];
  allowances: (typeof fundingAllowances.$inferInsert)[];
  /** Sorted by time, so every charge comes after its allocation (the ledger guard checks). */
  ledger: (typeof fundingLedger.$inferInsert)[];
  activity: (typeof fundingActivity.$inferInsert)[];
}

/** What a store's funding is generated from: its generated people, orders and accounts. */
export interface FundingInput {
  ctx: GenContext;
  catalog: CatalogData;
  people: PeopleData;
  commerce: CommerceData;
  adoptions: Pick<AdoptionData, 'sectionTitles'>;
  accountIds: ReadonlyMap<string, number>;
}

export type FundingGenerator = (input: FundingInput) => FundingData;

export type OrderRow = CommerceData['orders'][number];
export type ItemRow = CommerceData['orderItems'][number];

export interface SourceSpec {
  name: string;
  kind: FundingKind;
  budgetCents: number;
  /** Empty: any term. */
  termIds: readonly number[];
  startDay: number;
  endDay: number;
  capCents: number | null;
  scope: FundingScope;
  spending: readonly FundingSpending[];
  unspentPolicy: UnspentPolicy;
  promo?: { code: string; amountCents: number; useLimit: number };
  createdBy: number;
  createdDay: number;
  /** The budget it was created with, when an edit changed it since (see `edited`). */
  initialBudgetCents?: number;
}

export interface Source {
  id: number;
  spec: SourceSpec;
  allocated: number;
  allowances: Allowance[];
}

export interface Allowance {
  id: number;
  source: Source;
  studentId: number;
  createdAt: Date;
  balance: number;
}

export const ALL_SPENDING: readonly FundingSpending[] = ['NEW', 'USED', 'RENTAL', 'DIGITAL'];
