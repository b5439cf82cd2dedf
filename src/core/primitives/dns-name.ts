/**
 * DNS name checks shared by NO_PROXY domain and suffix entries, proxy hosts and endpoint hosts.
 * They return a reason (for the error message) instead of a boolean, so the user learns which
 * label is wrong and why.
 */

/** Longest DNS name in text form, without the trailing dot (RFC 1035). */
const MAX_NAME_LENGTH = 253;
/** Longest DNS label (RFC 1035). */
const MAX_LABEL_LENGTH = 63;
/**
 * Characters allowed in a label: RFC 1123 plus `_`, because internal names such as
 * `_proxy.corp` exist and Go, curl and Node resolve them.
 */
const LABEL_CHARACTER = /[a-z0-9_-]/;
/**
 * A name every check below accepts: labels of 1 to 63 allowed characters, none starting or ending
 * with "-", the last one not all-numeric.
 */
const VALID_NAME = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)*(?=[a-z0-9_-]*[a-z_-])[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/**
 * Why `name` cannot be the name of a domain or suffix entry, or `undefined` when it can.
 *
 * @param name lower-case name without the leading dot of a suffix entry; may end with one dot
 */
export function dnsNameProblem(name: string): string | undefined {
  const bare = name.endsWith('.') ? name.slice(0, -1) : name;
  if (bare.length <= MAX_NAME_LENGTH && VALID_NAME.test(bare)) {
    return undefined; // the common case, in one pass; anything else gets the detailed checks below
  }
  if (bare === '') {
    return 'a NO_PROXY entry needs a host or domain name';
  }
  if (bare.length > MAX_NAME_LENGTH) {
    return `a DNS name has at most ${MAX_NAME_LENGTH} characters, this one has ${bare.length}`;
  }
  const labels = bare.split('.');
  for (const label of labels) {
    const problem = labelProblem(label);
    if (problem) {
      return problem;
    }
  }
  if (/^[0-9]+$/.test(labels[labels.length - 1])) {
    // Top-level domains are never numeric; such a name is a mistyped IP address, and clients that
    // compare suffixes as text would match it against IP addresses.
    return 'a DNS name must not end in an all-numeric label (is it a mistyped IP address?)';
  }
  return undefined;
}

function labelProblem(label: string): string | undefined {
  if (label === '') {
    return 'a DNS name must not contain an empty label (two dots in a row, or a dot at the start or a second one at the end)';
  }
  if (label.length > MAX_LABEL_LENGTH) {
    return `a DNS label has at most ${MAX_LABEL_LENGTH} characters, "${label.slice(0, 16)}..." has ${label.length}`;
  }
  const bad = [...label].find((character) => !LABEL_CHARACTER.test(character));
  if (bad !== undefined) {
    return bad.charCodeAt(0) > 0x7f
      ? `a DNS name must be ASCII: write "${bad}" and other non-ASCII names in their punycode (xn--) form`
      : `a DNS name may contain only letters, digits, "-" and "_", not "${bad}"`;
  }
  if (label.startsWith('-') || label.endsWith('-')) {
    return `a DNS label must not start or end with "-" ("${label}")`;
  }
  return undefined;
}
