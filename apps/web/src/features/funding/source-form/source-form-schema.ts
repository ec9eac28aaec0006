import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import {
  MAX_ALLOWANCE_CENTS,
  MAX_FUNDING_BUDGET_CENTS,
  fundingSourceInput,
  promotionCode,
  type FundingKind,
  type FundingScope,
  type FundingSource,
  type FundingSpending,
  type UnspentPolicy,
} from '@csp/contracts';
import { centsToDollarsText } from '../funding-format.ts';
import { dollars, optionalDollars } from '../money-schema.ts';

/** The form as typed: amounts in dollars (text), sent as cents. */
export interface SourceFormValues {
  name: string;
  kind: FundingKind;
  budgetCents: string;
  termIds: number[];
  chargeStartsOn: string;
  chargeEndsOn: string;
  perStudentCapCents: string;
  scope: FundingScope;
  spending: FundingSpending[];
  unspentPolicy: UnspentPolicy;
  promotion: { code: string; amountCents: string; useLimit: string } | null;
}

const wholeNumber = z
  .string()
  .trim()
  .regex(/^\d+$/, 'Enter a whole number, e.g. 500.')
  .transform(Number)
  .pipe(z.number().min(1, 'must be 1 or more').max(1_000_000, 'must be at most 1000000'));

/**
 * The contract's own source input (its rules and messages: a name, at least one kind of
 * spending, a window that ends after it starts), with the money fields read from dollars first.
 * The field names are the contract's, so an error of either stage lands on its field.
 */
export const sourceFormSchema = z
  .object({
    ...fundingSourceInput.shape,
    budgetCents: dollars(MAX_FUNDING_BUDGET_CENTS, 'Enter the budget.'),
    perStudentCapCents: optionalDollars(MAX_ALLOWANCE_CENTS),
    promotion: z
      .object({
        code: promotionCode,
        amountCents: dollars(MAX_ALLOWANCE_CENTS, 'Enter the amount of one use.').pipe(
          z.number().min(1, 'must be more than zero'),
        ),
        useLimit: wholeNumber,
      })
      .nullable(),
  })
  .pipe(fundingSourceInput);
export type SourceFormOutput = z.output<typeof sourceFormSchema>;

const checkWithSchema = zodResolver(sourceFormSchema);

/** Only a promotion has promotion fields: for any other kind they are left out (null). */
export const sourceFormResolver: Resolver<SourceFormValues, unknown, SourceFormOutput> = (
  values,
  context,
  options,
) =>
  checkWithSchema(
    { ...values, promotion: values.kind === 'PROMOTION' ? values.promotion : null },
    context,
    options,
  );

const EMPTY_PROMOTION = { code: '', amountCents: '', useLimit: '' };

export function sourceFormDefaults(source?: FundingSource): SourceFormValues {
  if (!source) {
    return {
      name: '',
      kind: 'FINANCIAL_AID',
      budgetCents: '',
      termIds: [],
      chargeStartsOn: '',
      chargeEndsOn: '',
      perStudentCapCents: '',
      scope: 'REQUIRED_OWN_SECTIONS',
      spending: ['NEW', 'USED', 'RENTAL', 'DIGITAL'],
      unspentPolicy: 'RETURN_TO_SOURCE',
      promotion: EMPTY_PROMOTION,
    };
  }
  return {
    name: source.name,
    kind: source.kind,
    budgetCents: centsToDollarsText(source.figures.budgetCents),
    termIds: source.terms.map((t) => t.termId),
    chargeStartsOn: source.chargeStartsOn,
    chargeEndsOn: source.chargeEndsOn,
    perStudentCapCents:
      source.perStudentCapCents === null ? '' : centsToDollarsText(source.perStudentCapCents),
    scope: source.scope,
    spending: [...source.spending],
    unspentPolicy: source.unspentPolicy,
    promotion: source.promotion
      ? {
          code: source.promotion.code,
          amountCents: centsToDollarsText(source.promotion.amountCents),
          useLimit: String(source.promotion.useLimit),
        }
      : EMPTY_PROMOTION,
  };
}

const FORM_FIELDS = new Set([
  'name',
  'kind',
  'budgetCents',
  'termIds',
  'chargeStartsOn',
  'chargeEndsOn',
  'perStudentCapCents',
  'scope',
  'spending',
  'unspentPolicy',
  'promotion.code',
  'promotion.amountCents',
  'promotion.useLimit',
]);

export type SourceFormField =
  | Exclude<keyof SourceFormValues, 'promotion'>
  | 'promotion.code'
  | 'promotion.amountCents'
  | 'promotion.useLimit';

/**
 * The form field a server error names: the body's `source.budgetCents` (or a service's
 * `budgetCents`) is the budget field; a list's item (`termIds.2`) is the list. Null when the
 * error names nothing on the form.
 */
export function formFieldOf(field: string | undefined): SourceFormField | null {
  if (!field) return null;
  const path = field.replace(/^source\./, '').replace(/\.\d+$/, '');
  if (path === 'promotion') return 'promotion.code';
  return FORM_FIELDS.has(path) ? (path as SourceFormField) : null;
}
