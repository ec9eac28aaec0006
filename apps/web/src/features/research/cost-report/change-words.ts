import { count } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';

/** How a change shows (compact) and reads to a screen reader (in words, with what it was). */
export interface ChangeText {
  shown: string;
  spoken: string;
}

const MINUS = '\u2212';

function words(change: number, shown: string, magnitude: string, before: string): ChangeText {
  if (change === 0) return { shown, spoken: `no change from ${before}` };
  return { shown, spoken: `${change > 0 ? 'up' : 'down'} ${magnitude} from ${before}` };
}

const sign = (n: number) => (n > 0 ? '+' : n < 0 ? MINUS : '±');

/** A count's change: "+3", read "up 3 from 12". */
export function countChange(change: number, before: number): ChangeText {
  const magnitude = count(Math.abs(change));
  return words(change, `${sign(change)}${magnitude}`, magnitude, count(before));
}

const points = (n: number) => n.toFixed(1);

/** A share's change in percentage points: "+2.5 pts", read "up 2.5 points from 12.5%". */
export function shareChange(change: number, before: number): ChangeText {
  const magnitude = points(Math.abs(change));
  const unit = magnitude === '1.0' ? 'point' : 'points';
  return words(
    change,
    `${sign(change)}${magnitude} pts`,
    `${magnitude} ${unit}`,
    `${points(before)}%`,
  );
}

/** The average cost's change: "+$12.50", read "up $12.50 from $40.00". */
export function moneyChange(changeCents: number, beforeCents: number): ChangeText {
  const magnitude = formatMoney(Math.abs(changeCents));
  return words(
    changeCents,
    `${sign(changeCents)}${magnitude}`,
    magnitude,
    formatMoney(beforeCents),
  );
}

/** A share as shown: "40.0%". */
export const shareText = (share: number) => `${points(share)}%`;
