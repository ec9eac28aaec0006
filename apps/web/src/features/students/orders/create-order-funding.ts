import { useState } from 'react';
import {
  MAX_FUNDING_BUDGET_CENTS,
  formatMoney,
  promotionCode,
  type OrderDraft,
  type OrderFundingRequest,
} from '@csp/contracts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { parseDollars } from '../../../lib/money.ts';

/** The draft's fields a funding refusal names; the dialog shows those on their own controls. */
export const FUNDING_FIELDS = {
  maxCents: 'funding.maxCents',
  promotionCode: 'funding.promotionCode',
} as const;
type FundingField = keyof typeof FUNDING_FIELDS;

export const FUNDING_FORM_MESSAGES = {
  badAmount: 'Enter an amount in dollars, such as 25 or 25.50.',
  tooMuch: `Enter at most ${formatMoney(MAX_FUNDING_BUDGET_CENTS)}.`,
  badCode: 'A promotion code is 3 to 30 letters, digits or hyphens.',
} as const;

/** Switched off: the order is asked and placed without any funding. */
const NO_FUNDING: OrderFundingRequest = {
  useAllowances: false,
  maxCents: null,
  promotionCode: null,
};

/**
 * "Pay at most" as typed ("25", "$1,250.5") to cents; empty means no limit (null). Whole cents
 * only (lib/money.ts): "1.005" is refused rather than rounded.
 */
export function parseMaxDollars(text: string): { cents: number | null } | { error: string } {
  if (text.trim() === '') return { cents: null };
  const cents = parseDollars(text);
  if (cents === null) return { error: FUNDING_FORM_MESSAGES.badAmount };
  if (cents > MAX_FUNDING_BUDGET_CENTS) return { error: FUNDING_FORM_MESSAGES.tooMuch };
  return { cents };
}

/** The draft with the funding choice, or as it was when the student has no funding to offer. */
export function withFunding(
  draft: OrderDraft | null,
  funding: OrderFundingRequest | undefined,
): OrderDraft | null {
  if (!draft || !funding) return draft;
  return { ...draft, funding };
}

/** The server's message for one funding field, without the "funding.x: " a validation adds. */
export function fundingFieldError(error: Error | null, field: FundingField): string | null {
  if (!(error instanceof ApiRequestError) || error.field !== FUNDING_FIELDS[field]) return null;
  const prefix = `${FUNDING_FIELDS[field]}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

/** Whether a refusal is about the funding choice (shown on its control, not as the step's error). */
export function isFundingFieldError(error: Error | null): boolean {
  return (
    fundingFieldError(error, 'maxCents') !== null ||
    fundingFieldError(error, 'promotionCode') !== null
  );
}

/**
 * The clerk's funding choice at order creation. The amount and the code are applied when the
 * field is left or Enter is pressed, not on each keystroke: each applied change prices the
 * order again, and the order placed is the one last priced.
 */
export function useFundingForm() {
  const [useAllowances, setUseAllowances] = useState(true);
  const [maxText, setMaxText] = useState('');
  const [codeText, setCodeText] = useState('');
  const [maxCents, setMaxCents] = useState<number | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [maxError, setMaxError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);

  const applyMax = () => {
    const parsed = parseMaxDollars(maxText);
    if ('error' in parsed) return setMaxError(parsed.error);
    setMaxError(null);
    setMaxCents(parsed.cents);
  };
  const applyCode = () => {
    if (codeText.trim() === '') {
      setCodeError(null);
      setCodeText('');
      return setCode(null);
    }
    const parsed = promotionCode.safeParse(codeText);
    if (!parsed.success) return setCodeError(FUNDING_FORM_MESSAGES.badCode);
    setCodeError(null);
    setCodeText(parsed.data);
    setCode(parsed.data);
  };

  const request: OrderFundingRequest = useAllowances
    ? { useAllowances: true, maxCents, promotionCode: code }
    : NO_FUNDING;
  return {
    useAllowances,
    setUseAllowances,
    /**
     * A student without funding usable today may still bring a promotion code: the order asks
     * for that alone (or for no funding at all when no code is applied).
     */
    promotionOnlyRequest: code
      ? ({ useAllowances: false, maxCents: null, promotionCode: code } as OrderFundingRequest)
      : undefined,
    maxText,
    setMaxText: (text: string) => {
      setMaxText(text);
      setMaxError(null);
    },
    codeText,
    setCodeText: (text: string) => {
      setCodeText(text);
      setCodeError(null);
    },
    applyMax,
    applyCode,
    maxError,
    codeError,
    request,
    /** A typed value that cannot be sent: the order waits until it is fixed or cleared. */
    invalid: useAllowances && (maxError !== null || codeError !== null),
  };
}

export type FundingForm = ReturnType<typeof useFundingForm>;
