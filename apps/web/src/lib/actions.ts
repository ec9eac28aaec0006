import type { ActionName } from '@csp/contracts';

/** True when the user holds at least one of the wanted actions (an empty list asks for none). */
export function hasAnyAction(held: readonly ActionName[], wanted: readonly ActionName[]): boolean {
  return wanted.length === 0 || wanted.some((action) => held.includes(action));
}
