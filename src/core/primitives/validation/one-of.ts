import { invalidValue } from '../errors';

/**
 * `value` if it is one of `choices`, `fallback` if it is undefined and there is one, else an error
 * naming the field and listing the choices.
 */
export function parseOneOf<T extends string>(field: string, value: unknown, choices: readonly T[], fallback?: T): T {
  if (value === undefined && fallback !== undefined) {
    return fallback;
  }
  if (!(choices as readonly unknown[]).includes(value)) {
    throw invalidValue(field, value, `must be one of ${choices.map((choice) => `"${choice}"`).join(', ')}`);
  }
  return value as T;
}

/** `true` or `false`, `false` when undefined, else an error naming the field. */
export function parseFlag(field: string, value: unknown): boolean {
  if (value !== undefined && typeof value !== 'boolean') {
    throw invalidValue(field, value, 'must be true or false');
  }
  return value === true;
}
