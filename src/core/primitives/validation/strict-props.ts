import { invalidValue, ProxyConfigError } from '../errors';

/**
 * Strict props: every props object a user writes goes through {@link checkProps}, which refuses
 * anything but a plain object and every key its type does not declare. Untyped callers (plain
 * JavaScript, YAML turned into props, a spread of the wrong object) get an error naming the key as
 * they wrote it, with a "did you mean" when a known key is close, instead of a prop that is
 * silently ignored or, worse, silently applied where it does not belong.
 */

/**
 * The keys of a props type as data. `Required<T>` makes the compiler refuse a list that misses a
 * key or names one the type does not have, so the list and the type cannot drift apart. Each list
 * stands next to its type; a type that extends others spreads their lists and adds its own keys,
 * so a prop added to a part is known everywhere the part is inherited.
 */
export type PropKeys<T> = { readonly [K in keyof Required<T>]: true };

/** The declared keys of a props type, from its {@link PropKeys} record. */
export function propKeys<T>(keys: PropKeys<T>): readonly string[] {
  return Object.freeze(Object.keys(keys));
}

/** `parent.key`, or `key` alone at the top level (where the user wrote no parent). */
export function fieldPath(parent: string, key: string): string {
  const identifier = /^[A-Za-z_$][\w$]*$/.test(key);
  if (parent === '') {
    return identifier ? key : `props[${JSON.stringify(key)}]`;
  }
  return identifier ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/**
 * Check that `value` is a plain object whose keys are all in `known`; `field` is its path as the
 * user wrote it (`''` for a constructor's top-level props, whose keys are then named alone).
 * `what` describes the object for the message ("a proxy setting", "a control-plane prop").
 */
export function checkProps(field: string, value: unknown, known: readonly string[], what: string): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidValue(field === '' ? 'props' : field, value, `must be an object of ${what}s`);
  }
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      throw unknownKey(field, key, known, what);
    }
  }
}

/** The error for a key that is not one of `known`. */
export function unknownKey(field: string, key: string, known: readonly string[], what: string): ProxyConfigError {
  const suggestion = closestKey(key, known);
  const hint = suggestion === undefined
    ? `expected one of ${known.join(', ')}`
    : `did you mean ${suggestion}?`;
  const article = /^[aeiou]/i.test(what) ? 'an' : 'a';
  return new ProxyConfigError(fieldPath(field, key), `is not ${article} ${what}; ${hint}`);
}

/**
 * The known key closest to `key` when it is close enough to be a typo: the same up to case, or
 * within an edit distance of a third of its length (at least one edit). Ties go to the earlier key.
 */
export function closestKey(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  const sameCase = known.find((candidate) => candidate.toLowerCase() === lower);
  if (sameCase !== undefined) {
    return sameCase;
  }
  if (key.length > 64) {
    return undefined;
  }
  const budget = Math.max(1, Math.floor(key.length / 3));
  let best: string | undefined;
  let bestDistance = budget + 1;
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal-string-alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
  }
  for (let j = 1; j <= b.length; j++) {
    rows[0][j] = j;
  }
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, rows[i - 2][j - 2] + 1);
      }
      rows[i][j] = value;
    }
  }
  return rows[a.length][b.length];
}

/** An optional list prop: `[]` when unset, else the array itself; anything else is an error naming it. */
export function optionalList(field: string, value: unknown): unknown[] {
  if (value === undefined) {
    return [];
  }
  if (!Array.isArray(value)) {
    throw invalidValue(field, value, 'must be an array');
  }
  return value;
}

/** A construct's or component's props: an object (the library's error for null, a string...). */
export function propsObject<T>(props: T): T {
  if (props === null || typeof props !== 'object' || Array.isArray(props)) {
    throw invalidValue('props', props, 'must be an object of props');
  }
  return props;
}
