import { randomInt } from 'node:crypto';

// No look-alike characters (0/O, 1/l/I), so a password read off the screen is typed right.
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*-_=+?';
const ALPHABET = LOWER + UPPER + DIGITS + SYMBOLS;

export const GENERATED_PASSWORD_LENGTH = 20;

/**
 * A password of 20 characters drawn uniformly (crypto.randomInt, a CSPRNG) from 70 symbols, about
 * 122 bits; redrawn until it has a lower-case letter, a capital, a digit and a symbol, which
 * common password rules ask for.
 */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < length; i++) password += ALPHABET[randomInt(ALPHABET.length)];
    const classes = [LOWER, UPPER, DIGITS, SYMBOLS];
    if (classes.every((set) => [...password].some((c) => set.includes(c)))) return password;
  }
}
