import type { X509Certificate } from 'node:crypto';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { frozen } from '../primitives/frozen';
import { cryptoLib } from '../primitives/lazy-modules';

/**
 * Validation of the PEM bundle nodes and pods must trust when the proxy intercepts TLS.
 *
 * Only `CERTIFICATE` blocks are accepted, each parsed by `node:crypto`, so a private key pasted by
 * mistake, a truncated copy or garbage base64 fails at construction, not on a node at boot.
 */

/** One certificate of a {@link CaBundle}, with the facts worth showing in docs and errors. */
export interface CaCertificate {
  /** Subject distinguished name, one `key=value` per line as printed by OpenSSL. */
  readonly subject: string;
  /** Issuer distinguished name; equal to the subject for a self-signed root. */
  readonly issuer: string;
  /** SHA-256 fingerprint, colon-separated upper-case hex. */
  readonly fingerprint256: string;
  /** Start of validity, as printed by OpenSSL (e.g. `Nov 21 15:39:00 2026 GMT`). */
  readonly validFrom: string;
  /**
   * End of validity. Expiry is reported, not enforced: rendering must not depend on the clock.
   */
  readonly validTo: string;
  /** True when basicConstraints marks the certificate as a CA. */
  readonly isCa: boolean;
  /** This certificate alone, PEM with `\n` line endings and one trailing newline. */
  readonly pem: string;
}

/** A validated, normalized bundle of trusted CA certificates. */
export interface CaBundle {
  /**
   * All certificates as PEM in input order: base64 re-wrapped at 64 columns, `\n` line endings,
   * no blank lines, one trailing newline. Equal certificates always give byte-identical text.
   */
  readonly pem: string;
  /** The certificates, in input order. */
  readonly certificates: CaCertificate[];
}

const BEGIN = /^-----BEGIN ([^-]*)-----$/;
const END = /^-----END ([^-]*)-----$/;
const BASE64_LINE = /^[A-Za-z0-9+/=]+$/;

/**
 * Parse and validate a PEM bundle of one or more `CERTIFICATE` blocks.
 *
 * Refused, with the block number (1-based) in the message: other PEM types (private keys above all),
 * text between blocks other than whitespace, unterminated blocks, invalid base64 or DER, and the same
 * certificate twice.
 */
export function parseCaBundle(field: string, raw: string): CaBundle {
  if (typeof raw !== 'string') {
    throw invalidValue(field, raw, 'must be a PEM string of CERTIFICATE blocks');
  }
  const blocks = splitPemBlocks(field, raw);
  if (blocks.length === 0) {
    throw new ProxyConfigError(field, 'must contain at least one -----BEGIN CERTIFICATE----- block');
  }
  const certificates = blocks.map((block) => parseCertificate(field, block));
  certificates.forEach((certificate, index) => {
    const first = certificates.findIndex((other) => other.fingerprint256 === certificate.fingerprint256);
    if (first !== index) {
      throw new ProxyConfigError(field, `certificate ${index + 1} is the same as certificate ${first + 1} `
        + `(SHA-256 ${certificate.fingerprint256}); list each CA once`);
    }
  });
  return frozen({
    pem: certificates.map((certificate) => certificate.pem).join(''),
    certificates: frozen(certificates),
  });
}

/** One `-----BEGIN CERTIFICATE-----` block: its number (1-based) and its base64 text. */
interface PemBlock {
  readonly number: number;
  readonly base64: string;
}

/** Walk the lines, accepting only whitespace outside blocks and only base64 inside them. */
function splitPemBlocks(field: string, raw: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  let open: { number: number; lines: string[] } | undefined;
  const lines = raw.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((untrimmed, lineIndex) => {
    const line = untrimmed.trim();
    const where = `line ${lineIndex + 1}`;
    const begin = BEGIN.exec(line);
    const end = END.exec(line);
    if (!open) {
      if (begin) {
        const number = blocks.length + 1;
        if (begin[1] !== 'CERTIFICATE') {
          throw new ProxyConfigError(field, `block ${number} (${where}) is a ${begin[1]}, not a CERTIFICATE; `
            + 'only CA certificates belong here (never private keys)');
        }
        open = { number, lines: [] };
      } else if (line !== '') {
        throw new ProxyConfigError(field, blocks.length === 0
          ? `has text before the first -----BEGIN CERTIFICATE----- (${where}); only PEM blocks are allowed`
          : `has text after block ${blocks.length} (${where}); only whitespace may separate PEM blocks`);
      }
      return;
    }
    if (end) {
      if (end[1] !== 'CERTIFICATE') {
        throw new ProxyConfigError(field, `block ${open.number} (${where}) ends with END ${end[1]} instead of END CERTIFICATE`);
      }
      blocks.push({ number: open.number, base64: open.lines.join('') });
      open = undefined;
    } else if (begin) {
      throw new ProxyConfigError(field, `block ${open.number} has no -----END CERTIFICATE----- before ${where}`);
    } else if (line !== '' && !BASE64_LINE.test(line)) {
      throw new ProxyConfigError(field, `block ${open.number} (${where}) contains characters that are not base64`);
    } else if (line !== '') {
      open.lines.push(line);
    }
  });
  if (open) {
    throw new ProxyConfigError(field, `block ${open.number} has no -----END CERTIFICATE----- (truncated?)`);
  }
  return blocks;
}

/**
 * A trust bundle for the proxy: each certificate must be a CA (basicConstraints CA:TRUE), or a
 * self-signed certificate, which clients trust as exactly itself (an HTTPS proxy with a self-signed
 * certificate). A leaf issued by some CA anchors nothing: it cannot sign what a TLS-intercepting
 * proxy presents, and trusting it would fail later, on the nodes, in every TLS client.
 */
export function parseTrustAnchors(field: string, raw: string): CaBundle {
  const bundle = parseCaBundle(field, raw);
  const leaf = bundle.certificates.findIndex((certificate) => !certificate.isCa && certificate.issuer !== certificate.subject);
  if (leaf >= 0) {
    throw new ProxyConfigError(field, `block ${leaf + 1} (subject ${bundle.certificates[leaf].subject.replace(/\n/g, ', ')}) is a leaf issued by another `
      + 'certificate, not a CA (basicConstraints CA:TRUE); give the CA that signs the proxy\'s certificates');
  }
  return bundle;
}

/** Parse one block with OpenSSL (via node:crypto) and describe it. */
function parseCertificate(field: string, block: PemBlock): CaCertificate {
  let x509: X509Certificate;
  try {
    const der = Buffer.from(block.base64, 'base64');
    if (der.toString('base64').replace(/=+$/, '') !== block.base64.replace(/=+$/, '')) {
      throw new Error('not canonical base64');
    }
    x509 = new (cryptoLib().X509Certificate)(der);
    if (!x509.raw.equals(der)) {
      throw new Error('trailing bytes after the certificate');
    }
  } catch {
    throw new ProxyConfigError(field, `block ${block.number} is not a valid X.509 certificate (bad base64 or DER)`);
  }
  return Object.freeze({
    subject: x509.subject,
    issuer: x509.issuer,
    fingerprint256: x509.fingerprint256,
    validFrom: x509.validFrom,
    validTo: x509.validTo,
    isCa: x509.ca,
    // OpenSSL writes PEM with `\n` line endings, base64 at 64 columns, no blank lines and one trailing newline
    pem: x509.toString(),
  });
}
