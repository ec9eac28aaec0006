import { randomInt } from 'node:crypto';

/** Crockford's base 32 without I, L, O, U: no letter read as another at a counter. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new voucher code, e.g. "7K3QM-X9D2P": 10 random characters (50 bits), so a code cannot be
 * guessed from another; unique in the store (the unique index decides, the writer draws again).
 */
export function newVoucherCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) {
    if (i === 5) code += '-';
    code += ALPHABET[randomInt(ALPHABET.length)];
  }
  return code;
}

/** A code as typed (lower case, spaces, no hyphen) in the form it is stored. */
export function normalVoucherCode(typed: string): string {
  const bare = typed.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return bare.length === 10 ? `${bare.slice(0, 5)}-${bare.slice(5)}` : typed.trim().toUpperCase();
}
