import { ProxyConfigError } from '../errors';

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
  /** `user:group`. */
  readonly owner: string;
  /** Octal mode with a leading zero, e.g. `0640`. */
  readonly permissions: string;
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
}

/** `files[].content` maxLength in the Cluster API CRDs (characters, both API versions). */
export const MAX_FILE_CONTENT_LENGTH = 10240;
/** `files` maxItems in the Cluster API CRDs. */
export const MAX_FILES = 200;
/** `preKubeadmCommands` maxItems (and each command's maxLength is 10240 too). */
export const MAX_COMMANDS = 1000;

/**
 * Refuse inline content the API server would reject. Length is counted in Unicode code points, as
 * the OpenAPI `maxLength` check does.
 */
export function assertContentFits(field: string, path: string, content: string): void {
  const length = [...content].length;
  if (length > MAX_FILE_CONTENT_LENGTH) {
    throw new ProxyConfigError(field,
      `the content of ${path} is ${length} characters, over Cluster API's limit of ${MAX_FILE_CONTENT_LENGTH} for files[].content; `
      + 'use delivery \'secret\' (contentFrom has no such limit)');
  }
}
