import { invalidValue } from './errors';

/**
 * Characters no rendered value may contain: C0 controls (including newline and tab), DEL and the
 * C1 controls. A newline in a value would end a systemd `Environment=` line or a YAML scalar early
 * and inject whatever follows, so they are refused at construction.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** True when the string contains a control character (newline, tab, NUL, DEL, C1). */
export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/** Throw a field-naming error unless `value` is a string free of control characters. */
export function assertPrintable(field: string, value: unknown): string {
  if (typeof value !== 'string') {
    throw invalidValue(field, value, 'must be a string');
  }
  if (hasControlCharacter(value)) {
    throw invalidValue(field, value, 'must not contain newlines or control characters');
  }
  return value;
}
