import { inspect } from 'node:util';
import { ProxyConfigError } from './errors';
import { isLaterValue } from './later-value';
import { encodeUserinfoComponent } from './userinfo';

/**
 * Text holding credentials the library never sees (an External Secrets store, an existing Secret,
 * a Pulumi Output): literal parts with a slot wherever a credential lands. Credentials enter text
 * only inside a proxy URL's userinfo (and tinyproxy's `BasicAuth` line, in the same encoding), so a
 * slot stands for a credential percent-encoded for userinfo (`A-Za-z0-9-._~` and `%XX`), and the
 * one escaping met on the way that changes such text: systemd's, which doubles every `%`.
 *
 * Renderers on the way of a proxy URL take `Text` (a string or this) and build their output with
 * {@link joinText} and {@link mapLiterals}; the filler of the credential source turns the finished
 * text into what its Secret holds (the text with the real credentials, or a template writing it).
 * Anything else refuses it: converting it to a string, to JSON or to a number throws, so text with
 * credentials cannot reach an object other than a Secret's data, nor a name, hash or message.
 */

/** The place of one credential in a text. */
export interface CredentialSlot {
  /** Which credential lands here. */
  readonly credential: 'username' | 'password';
  /** systemd reads the text: every `%` of the encoded credential is doubled. */
  readonly systemd: boolean;
  /**
   * The credential when it is known only later: a later value (`laterValue`) checking the real
   * one, or the string given beside it. Absent for a credential its source keeps.
   */
  readonly later?: unknown;
}

/** A user name and password, either of which may be a later value. */
export interface LaterCredentials {
  readonly username: unknown;
  readonly password?: unknown;
}

type Part = string | CredentialSlot;

/** Text that is a plain string unless credentials known elsewhere land in it. */
export type Text = string | SecretText;

function refuse(): never {
  throw new ProxyConfigError('credentialSource', 'the proxy credentials are known only to their source, so text holding them exists '
    + 'only in the Secret data that source writes; it cannot become a string, JSON or a number here');
}

/** Text with slots for credentials (see the module comment); `util.inspect` shows each slot as `***`. */
export class SecretText {
  /** Literal parts and slots, in order; never two literals side by side, never an empty literal. */
  public readonly parts: readonly Part[];

  public constructor(parts: readonly Part[]) {
    const merged: Part[] = [];
    for (const part of parts) {
      const last = merged[merged.length - 1];
      if (typeof part === 'string' && typeof last === 'string') {
        merged[merged.length - 1] = last + part;
      } else if (part !== '') {
        merged.push(part);
      }
    }
    this.parts = Object.freeze(merged);
    Object.freeze(this);
  }

  public toString(): string {
    return refuse();
  }

  public toJSON(): string {
    return refuse();
  }

  public [Symbol.toPrimitive](): string {
    return refuse();
  }

  public [inspect.custom](): string {
    return `SecretText <${this.parts.map((part) => (typeof part === 'string' ? part : '***')).join('')}>`;
  }
}

/** The slot of one credential, percent-encoded for userinfo; `later` fills it when known only later. */
export function credentialSlot(credential: CredentialSlot['credential'], later?: LaterCredentials): SecretText {
  return new SecretText([{ credential, systemd: false, ...(later ? { later: later[credential] } : {}) }]);
}

/**
 * The slots of a URL's userinfo: `username:password`, or `username` alone when the credentials are
 * known later without a password.
 */
export function userinfoSlots(later?: LaterCredentials): SecretText {
  if (later && later.password === undefined) {
    return credentialSlot('username', later);
  }
  return joinText(credentialSlot('username', later), ':', credentialSlot('password', later)) as SecretText;
}

/** The pieces one after another: a string when none holds credentials. */
export function joinText(...pieces: readonly Text[]): Text {
  // concatenated, not joined: the result refers to a long piece (a fleet's NO_PROXY) instead of copying it
  let text = '';
  for (const piece of pieces) {
    if (typeof piece !== 'string') {
      return new SecretText(pieces.flatMap((item) => (typeof item === 'string' ? [item] : item.parts)));
    }
    text += piece;
  }
  return text;
}

/** True for text holding credentials the library never sees. */
export function isSecretText(value: unknown): value is SecretText {
  return value instanceof SecretText;
}

/** True when such text is anywhere in `value` (JSON data, where later values are leaves). */
export function holdsSecretText(value: unknown): boolean {
  if (isSecretText(value)) {
    return true;
  }
  return value !== null && typeof value === 'object' && !isLaterValue(value) && Object.values(value).some(holdsSecretText);
}

/**
 * `text` through a character-wise escaping: `literal` applied to each literal part, `slot` to
 * each slot (which characters of a credential the escaping changes).
 */
export function mapLiterals(text: Text, literal: (part: string) => string, slot: (slot: CredentialSlot) => CredentialSlot = (same) => same): Text {
  if (typeof text === 'string') {
    return literal(text);
  }
  return new SecretText(text.parts.map((part) => (typeof part === 'string' ? literal(part) : slot(part))));
}

/** `text` written out: `literal` applied to each literal part, each slot as `slot` writes it. */
function writeParts(text: Text, literal: (part: string) => string, slot: (slot: CredentialSlot) => string): string {
  return typeof text === 'string' ? literal(text) : text.parts.map((part) => (typeof part === 'string' ? literal(part) : slot(part))).join('');
}

/** `text` with the credential `credentialOf` gives for each slot in it, encoded as the slot says. */
export function fillText(text: Text, credentialOf: (slot: CredentialSlot) => string): string {
  return writeParts(text, (part) => part, (slot) => {
    const encoded = encodeUserinfoComponent(credentialOf(slot));
    return slot.systemd ? encoded.split('%').join('%%') : encoded;
  });
}

/** The slots of `text`. */
export function slotsOf(text: Text): CredentialSlot[] {
  return typeof text === 'string' ? [] : text.parts.filter((part): part is CredentialSlot => typeof part !== 'string');
}

/** Go template text for a literal `{{` in the content. */
export const LITERAL_BRACES_TEMPLATE = '{{"{{"}}';

/** Go template for one credential, percent-encoded for userinfo (Go's `urlquery` writes a space as `+`). */
export function credentialTemplate(slot: CredentialSlot): string {
  return `{{ .${slot.credential} | urlquery | replace "+" "%20"${slot.systemd ? ' | replace "%" "%%"' : ''} }}`;
}

/**
 * A Go template (text/template with Sprig, as External Secrets Operator's engine v2 runs it)
 * rendering `text` from the remote user name and password: literal `{{` written as `{{"{{"}}`,
 * each slot as the template of its credential.
 */
export function goTemplateOf(text: Text): string {
  return writeParts(text, (part) => part.split('{{').join(LITERAL_BRACES_TEMPLATE), credentialTemplate);
}

/** `text` where it cannot hold credentials the library never sees (a public renderer's input). */
export function plainString(text: Text): string {
  return typeof text === 'string' ? text : refuse();
}

/**
 * Secret data as the manifest types it. A value with slots stays one until the product is
 * finished: the credential source's filler then replaces the Secret, so a finished manifest holds
 * strings only.
 */
export function secretData(data: { readonly [key: string]: Text }): { [key: string]: string } {
  return data as { [key: string]: string };
}

/** The UTF-8 bytes of `text` the library knows: its literal parts (a credential it never sees adds its own). */
export function knownByteLength(text: Text): number {
  return typeof text === 'string' ? Buffer.byteLength(text, 'utf8') : knownByteLength(fillText(text, () => ''));
}
