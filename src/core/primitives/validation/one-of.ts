import { invalidValue } from '../errors';

/**
 * `value` if it is one of `choices`, `fallback` if it is undefined and there is one, else an error
 * naming the field and listing the choices.
 */
export function parseOneOf<T extends string>(field: string, value: unknown, choices: readonly T[], fallback?: T): T {
  if (value === undefined && fallback !== undefined) {
    return fallback;
  }
  return checkedChoice(field, value, choices, `one of ${choices.map(quoted).join(', ')}`);
}

/** `value` if it is one of the two `choices`, else an error naming the field and both (`"a" or "b"`). */
export function parseEither<T extends string>(field: string, value: unknown, choices: readonly T[]): T {
  return checkedChoice(field, value, choices, choices.map(quoted).join(' or '));
}

function checkedChoice<T extends string>(field: string, value: unknown, choices: readonly T[], named: string): T {
  if (!(choices as readonly unknown[]).includes(value)) {
    throw invalidValue(field, value, `must be ${named}`);
  }
  return value as T;
}

function quoted(name: string): string {
  return `"${name}"`;
}

/** `true` or `false`, `false` when undefined, else an error naming the field. */
export function parseFlag(field: string, value: unknown): boolean {
  if (value !== undefined && typeof value !== 'boolean') {
    throw invalidValue(field, value, 'must be true or false');
  }
  return value === true;
}
