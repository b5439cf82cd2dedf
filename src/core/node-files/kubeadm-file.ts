import { BootstrapFormat } from './bootstrap-format';
import { ProxyConfigError } from '../primitives/errors';
import { zlibLib } from '../primitives/lazy-modules';
import { LIMITS } from '../primitives/limits';

/**
 * One entry of a KubeadmConfigSpec's `files`, and the limits Cluster API puts on it.
 *
 * The CRDs (v1beta1 and v1beta2 alike) cap `content` at 10240 characters and allow 200 files; an
 * object over either limit is rejected by the API server, so both are checked here, at render time.
 */

/** `contentFrom`: the file content is read from a Secret key when the bootstrap data is rendered. */
export interface KubeadmFileSource {
  /** The Secret (in the namespace of the KubeadmConfig) and key holding the content. */
  readonly secret: { readonly name: string; readonly key: string };
}

/** A `files[]` entry as the library emits it: either `content` or `contentFrom`. */
export interface KubeadmFile {
  /** Absolute path on the node. */
  readonly path: string;
  /**
   * `user:group`.
   *
   * @default - left out (layout option `omitOwner`): the bootstrap's default owner
   */
  readonly owner?: string;
  /**
   * Octal mode with a leading zero, e.g. `0640`.
   *
   * @default - left out (layout option `omitPermissions`): the bootstrap's default mode
   */
  readonly permissions?: string;
  /**
   * Inline content.
   *
   * @default - the content comes from `contentFrom`
   */
  readonly content?: string;
  /**
   * Secret the content is read from.
   *
   * @default - the content is inline
   */
  readonly contentFrom?: KubeadmFileSource;
  /**
   * How `content` is encoded: `base64` when the layout asks for it, `gzip+base64` when a file too
   * large for the limit is sent compressed.
   *
   * @default - plain text
   */
  readonly encoding?: 'base64' | 'gzip+base64';
}

/** `files[].content` maxLength in the Cluster API CRDs (characters, both API versions). */
export const MAX_FILE_CONTENT_LENGTH = LIMITS.capiFileContent.value;
/** `files` maxItems in the Cluster API CRDs. */
export const MAX_FILES = LIMITS.capiFiles.value;
/** `preKubeadmCommands` maxItems (and each command's maxLength is 10240 too). */
export const MAX_COMMANDS = LIMITS.capiCommands.value;

/** Code points, as the OpenAPI `maxLength` check counts them. */
function contentLength(content: string): number {
  return [...content].length;
}

/**
 * The `content` (and `encoding`) of an inline file: plain text when it fits Cluster API's limit;
 * otherwise, for cloud-config, gzip+base64 when that fits (cloud-init decodes `gzip+base64`, and a
 * drop-in carrying NO_PROXY twice compresses about seven-fold); otherwise a clear error.
 *
 * Ignition gets no compressed form: Cluster API's Ignition renderer decodes only `base64` and would
 * write the compressed text to the node as it is.
 *
 * The compressed bytes are deterministic: gzip with no file name, mtime 0 and the OS byte fixed to
 * Unix, so the same content always gives the same object.
 */
export function inlineFileContent(
  field: string,
  path: string,
  content: string,
  format: BootstrapFormat,
  encoding: 'plain' | 'base64' = 'plain',
): { content: string; encoding?: 'base64' | 'gzip+base64' } {
  if (encoding === 'base64') {
    // Cloud-init and Cluster API's Ignition renderer both decode `base64`.
    const encoded = Buffer.from(content, 'utf8').toString('base64');
    if (encoded.length <= MAX_FILE_CONTENT_LENGTH) {
      return { content: encoded, encoding: 'base64' };
    }
  } else if (contentLength(content) <= MAX_FILE_CONTENT_LENGTH) {
    return { content };
  }
  if (format === BootstrapFormat.CLOUD_CONFIG) {
    const compressed = zlibLib().gzipSync(Buffer.from(content, 'utf8'), { level: 9 });
    compressed[9] = 3; // OS: Unix, whatever platform synthesizes
    const encoded = compressed.toString('base64');
    if (encoded.length <= MAX_FILE_CONTENT_LENGTH) {
      return { content: encoded, encoding: 'gzip+base64' };
    }
    throw new ProxyConfigError(field,
      `the content of ${path} is ${contentLength(content)} characters (${encoded.length} even as gzip+base64), over Cluster API's limit of ${MAX_FILE_CONTENT_LENGTH} for files[].content; `
      + 'use delivery \'secret\' (contentFrom has no such limit)');
  }
  throw new ProxyConfigError(field,
    `the content of ${path} is ${contentLength(content)} characters, over Cluster API's limit of ${MAX_FILE_CONTENT_LENGTH} for files[].content, `
    + 'and Ignition bootstrap data cannot carry it compressed; use delivery \'secret\' (contentFrom has no such limit)');
}
