import { invalidValue } from '../primitives/errors';

/**
 * Name patterns as Kyverno reads them in `match`/`exclude` `names`: `*` matches any run of
 * characters (also none), `?` exactly one, everything else itself. The same patterns are turned
 * into a Kyverno list, a CEL regular expression and a local matcher, so every injection path
 * excludes the same workloads.
 */

const PATTERN = /^[a-z0-9*?]([-a-z0-9.*?]*[a-z0-9*?])?$/;

/** Validate name patterns (lower-case DNS characters plus `*` and `?`), naming the offending item. */
export function checkNamePatterns(field: string, patterns: string[] | undefined): string[] {
  return (patterns ?? []).map((pattern, index) => {
    if (typeof pattern !== 'string' || pattern.length > 253 || !PATTERN.test(pattern)) {
      throw invalidValue(`${field}[${index}]`, pattern, 'must be an object name pattern: lower-case letters, digits, "-", "." and the wildcards "*" and "?"');
    }
    return pattern;
  });
}

/** An anchored RE2/ECMAScript regular expression source for a pattern (valid in both CEL and JS). */
export function namePatternRegex(pattern: string): string {
  const body = [...pattern].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c === '.' ? '\\.' : c)).join('');
  return `^${body}$`;
}

/** True when `name` matches any of `patterns`. */
export function matchesNamePattern(name: string, patterns: string[]): boolean {
  return patterns.some((pattern) => new RegExp(namePatternRegex(pattern)).test(name));
}
