import * as fc from 'fast-check';
import { hasControlCharacter } from '../../../src/core/primitives/text';

/**
 * Characters that broke real proxy setups: URL delimiters, the `%` of percent-encoding and systemd
 * specifiers, shell and YAML metacharacters, quotes and backslashes, and multi-byte UTF-8.
 */
export const HOSTILE_CHARACTERS = [
  '@', ':', '/', '%', '#', '?', '"', '\'', '\\', '$', '!', '&', ' ', '`', '*', '=', '+', ';', ',',
  '[', ']', '{', '}', '~', '^', '|', '<', '>', '(', ')', '-', '.', '_', 'é', '€', '\u{1F600}', '\u00a0',
];

/** A password no proxy client would be surprised by: printable text, often full of hostile characters. */
export const passwordArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.constantFrom(...HOSTILE_CHARACTERS, 'a', 'Z', '0', '%2', '%41', '\'\\\''), minLength: 1, maxLength: 24 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 24 }),
).filter((text) => !hasControlCharacter(text));

/** A user name: like a password (user names such as `CORP\jdoe` or `a@b` exist too). */
export const usernameArbitrary: fc.Arbitrary<string> = passwordArbitrary;

/** The password every hand-written test uses: every character the brief calls out, and more. */
export const NASTY_PASSWORD = 'p@ss:w/rd%41#?"\'\\$HOME!&  `x` %% ${X} é€\u{1F600}';
