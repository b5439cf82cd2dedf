/**
 * The YAML text of the values the library renders into Secrets and ConfigMaps, written directly when
 * every part of it is plain: maps and lists of safe strings, integers, booleans and null. It is the
 * same text the `yaml` library writes (with `lineWidth: 0`), byte for byte, and several times
 * faster, which matters because a fleet renders values for every cluster. Anything else (a string
 * the `yaml` library would quote or fold, a float, a list in a list...) returns `undefined`, and the
 * caller uses the `yaml` library for the whole document.
 */
export function plainYaml(value: unknown): string | undefined {
  const lines: string[] = [];
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]\n';
    if (!sequenceLines(value, '', lines)) return undefined;
  } else if (isPlainObject(value)) {
    if (Object.keys(value).length === 0) return '{}\n';
    if (!mapLines(value, '', lines)) return undefined;
  } else {
    return undefined;
  }
  lines.push('');
  return lines.join('\n');
}

/** Characters a plain scalar may start with, and contain, here (a subset of what YAML allows). */
const SAFE_TEXT = /^[A-Za-z0-9_./][A-Za-z0-9_./:,@=+%#[\]{}-]*$/;
/**
 * Plain text that YAML 1.2's core schema would read as null, a boolean or a number: the `yaml`
 * library quotes it.
 */
const NOT_A_STRING = [
  /^(?:~|[Nn]ull|NULL)$/,
  /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
  /^[-+]?[0-9]+$/,
  /^0o[0-7]+$/,
  /^0x[0-9a-fA-F]+$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/,
  /^[-+]?\.(?:inf|Inf|INF)$/,
  /^\.(?:nan|NaN|NAN)$/,
];

function plainText(text: string): string | undefined {
  return SAFE_TEXT.test(text) && !text.endsWith(':') && !NOT_A_STRING.some((pattern) => pattern.test(text)) ? text : undefined;
}

/** A scalar's text, or `undefined` when it is not a scalar or not plain. */
function scalar(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string': return plainText(value);
    case 'boolean': return String(value);
    case 'number': return Number.isSafeInteger(value) && !Object.is(value, -0) ? String(value) : undefined;
    default: return value === null ? 'null' : undefined;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** An empty map or list, written in flow style as the `yaml` library does. */
function emptyCollection(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : undefined;
  return isPlainObject(value) && Object.keys(value).length === 0 ? '{}' : undefined;
}

function mapLines(map: Record<string, unknown>, indent: string, lines: string[]): boolean {
  for (const key of Object.keys(map)) {
    const name = plainText(key);
    if (name === undefined) return false;
    const item = map[key];
    const inline = scalar(item) ?? emptyCollection(item);
    if (inline !== undefined) {
      lines.push(`${indent}${name}: ${inline}`);
    } else if (Array.isArray(item)) {
      lines.push(`${indent}${name}:`);
      if (!sequenceLines(item, `${indent}  `, lines)) return false;
    } else if (isPlainObject(item)) {
      lines.push(`${indent}${name}:`);
      if (!mapLines(item, `${indent}  `, lines)) return false;
    } else {
      return false;
    }
  }
  return true;
}

function sequenceLines(list: unknown[], indent: string, lines: string[]): boolean {
  for (const item of list) {
    const inline = scalar(item) ?? emptyCollection(item);
    if (inline !== undefined) {
      lines.push(`${indent}- ${inline}`);
    } else if (isPlainObject(item)) {
      // The map's first line follows the dash; the rest align under it.
      const first = lines.length;
      if (!mapLines(item, `${indent}  `, lines)) return false;
      lines[first] = `${indent}- ${lines[first].slice(indent.length + 2)}`;
    } else {
      return false;
    }
  }
  return true;
}
