import { isRecord } from '../primitives/validation/json-data';

/**
 * The YAML text of the values the library renders into Secrets and ConfigMaps, written directly when
 * every part of it is plain: maps and lists of safe strings, integers, booleans and null. It is the
 * same text the `yaml` library writes (with `lineWidth: 0`), byte for byte, and several times
 * faster, which matters because a fleet renders values for every cluster. Anything else (a string
 * the `yaml` library would quote or fold, a float, a list in a list, an object met twice, which the
 * library writes as an anchor and an alias...) returns `undefined`, and the caller uses the `yaml`
 * library for the whole document.
 */
export function plainYaml(value: unknown, compactSequences = false): string | undefined {
  const writer = new PlainWriter(compactSequences ? '' : '  ');
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]\n';
    if (!writer.sequence(value, '')) return undefined;
  } else if (isPlainObject(value)) {
    if (Object.keys(value).length === 0) return '{}\n';
    if (!writer.map(value, '')) return undefined;
  } else {
    return undefined;
  }
  // concatenated, not joined: the text refers to a long value (a fleet's NO_PROXY) instead of copying it
  let text = '';
  for (const line of writer.lines) {
    text += `${line}\n`;
  }
  return text;
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
  if (!isRecord(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The lines of one document, and the objects met so far (the `yaml` library aliases repeats). */
class PlainWriter {
  public readonly lines: string[] = [];
  private readonly seen = new Set<object>();

  /** @param sequenceIndent how far a list under a key is indented from the key */
  constructor(private readonly sequenceIndent: string) {}

  public map(map: Record<string, unknown>, indent: string): boolean {
    if (!this.firstMeeting(map)) return false;
    for (const key of Object.keys(map)) {
      const name = plainText(key);
      if (name === undefined) return false;
      const item = map[key];
      const inline = scalar(item) ?? this.emptyCollection(item);
      if (inline !== undefined) {
        this.lines.push(`${indent}${name}: ${inline}`);
      } else if (Array.isArray(item)) {
        this.lines.push(`${indent}${name}:`);
        if (!this.sequence(item, `${indent}${this.sequenceIndent}`)) return false;
      } else if (isPlainObject(item)) {
        this.lines.push(`${indent}${name}:`);
        if (!this.map(item, `${indent}  `)) return false;
      } else {
        return false;
      }
    }
    return true;
  }

  public sequence(list: unknown[], indent: string): boolean {
    if (!this.firstMeeting(list)) return false;
    for (const item of list) {
      const inline = scalar(item) ?? this.emptyCollection(item);
      if (inline !== undefined) {
        this.lines.push(`${indent}- ${inline}`);
      } else if (isPlainObject(item)) {
        // The map's first line follows the dash; the rest align under it.
        const first = this.lines.length;
        if (!this.map(item, `${indent}  `)) return false;
        this.lines[first] = `${indent}- ${this.lines[first].slice(indent.length + 2)}`;
      } else {
        return false;
      }
    }
    return true;
  }

  /** An empty map or list, written in flow style as the `yaml` library does; `undefined` for anything else or a repeat. */
  private emptyCollection(value: unknown): string | undefined {
    const empty = Array.isArray(value) ? value.length === 0 && '[]' : isPlainObject(value) && Object.keys(value).length === 0 && '{}';
    return empty && this.firstMeeting(value as object) ? empty : undefined;
  }

  private firstMeeting(value: object): boolean {
    if (this.seen.has(value)) return false;
    this.seen.add(value);
    return true;
  }
}
