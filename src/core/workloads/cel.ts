/**
 * Small helpers to write CEL source text. Every value placed in an expression goes through
 * {@link celString}, so no input can change an expression's structure.
 */

/**
 * A CEL string literal. JSON string syntax is a subset of CEL's double-quoted strings (the same
 * escapes `\"`, `\\`, `\n`, `\uXXXX`; JSON never emits `\/`), so `JSON.stringify` is exact.
 */
export function celString(value: string): string {
  return JSON.stringify(value);
}

/** A CEL list literal of strings. */
export function celStringList(values: string[]): string {
  return `[${values.map(celString).join(', ')}]`;
}

/** Concatenate CEL list expressions (`[]` when there are none). */
export function celConcat(lists: string[]): string {
  return lists.length === 0 ? '[]' : lists.join('\n+ ');
}
