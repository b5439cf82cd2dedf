import { ProxyConfigError } from '../core/primitives/errors';
import { yamlLib } from '../core/primitives/lazy-modules';
import { isRecord } from '../core/primitives/validation/json-data';

/** One Kubernetes object read from a manifest stream, with where it came from. */
export interface ManifestObject {
  readonly kind: string;
  readonly name: string;
  /** `metadata.namespace`, or `default` when unset (as `kubectl apply` would place it). */
  readonly namespace: string;
  /** `file#document` (1-based), for messages. */
  readonly origin: string;
  readonly body: Readonly<Record<string, unknown>>;
}

/** A manifest stream: the text of one file or of stdin, and the name to show for it. */
export interface ManifestSource {
  readonly name: string;
  readonly text: string;
}

/**
 * Read multi-document YAML as `helm template`, `kustomize build` or `cdk8s synth` write it. Empty
 * documents are skipped; `List` objects (`kubectl get -o yaml`) are flattened into their items.
 *
 * @throws ProxyConfigError naming the source and document for YAML syntax errors
 */
export function readManifests(sources: ManifestSource[]): ManifestObject[] {
  return sources.flatMap((source) => yamlLib().parseAllDocuments(source.text).flatMap((document, index) => {
    const origin = `${source.name}#${index + 1}`;
    if (document.errors.length > 0) {
      throw new ProxyConfigError(origin, `is not valid YAML: ${document.errors[0].message.split('\n')[0]}`);
    }
    return objectsOf(document.toJS({ maxAliasCount: 100 }), origin);
  }));
}

function objectsOf(value: unknown, origin: string): ManifestObject[] {
  if (!isRecord(value) || typeof value.kind !== 'string') {
    return [];
  }
  if (value.kind === 'List' && Array.isArray(value.items)) {
    return value.items.flatMap((item, index) => objectsOf(item, `${origin}.items[${index}]`));
  }
  const metadata = isRecord(value.metadata) ? value.metadata : {};
  return [{
    kind: value.kind,
    name: typeof metadata.name === 'string' ? metadata.name : '(unnamed)',
    namespace: typeof metadata.namespace === 'string' ? metadata.namespace : 'default',
    origin,
    body: value,
  }];
}


/** The value at a path of plain-object keys, or undefined. */
export function dig(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isRecord(current)) {
      return undefined;
    }
    current = current[key];
  }
  return current;
}
