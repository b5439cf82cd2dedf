import { KubeadmEnvironment, NoProxyForm, VariableStyle } from './options';
import { DEFAULT_NODE_PROXY_FILES, ResolvedNodeProxyFiles } from './resolution';
import { nodeFileEnvironments } from './system-no-proxy';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { proxyVariables, RenderEnvironment, TextVariable } from '../definition/proxy-environment';
import { contentHash } from '../primitives/k8s/names';
import { joinText, Text } from '../primitives/secret-text';
import { shellExportLine } from '../render/shell';
import { systemdDropIn } from '../render/systemd';

/**
 * The node files' text for a layout (see `NodeProxyFileOptions`), by Secret key: what
 * `contentFrom` reads in delivery `secret`, and, in delivery `inline`, the same text written into
 * `files[].content`. One source, so both modes put byte-identical files on the node. The library's
 * own layout is one layout among the others (`DEFAULT_NODE_PROXY_FILES`).
 */

/**
 * Part of every node files revision, so of every hash in a node-proxy Secret name: the Secret's
 * form. Earlier releases wrote it immutable, and the API server never lets an immutable Secret
 * become mutable, so a Secret of this form must never take the name of one of the earlier form
 * (an apply would be refused).
 */
export const NODE_PROXY_SECRET_FORM = 'mutable';

/** Key of the env file (the `export NAME='value'` lines sourced before kubeadm) in the node-proxy Secret; a drop-in's key is `<unit>Proxy`. */
export const PROXY_ENV_KEY = 'proxyEnv';

/** Key of the `index`-th (1-based) proxy CA certificate. */
export function trustedCaKey(index: number): string {
  return `trustedCa${index}`;
}

/** The variables in a style's order (values checked by `proxyVariables`). */
export function styledVariables(env: RenderEnvironment, style: VariableStyle): TextVariable[] {
  const pairs = proxyVariables(env);
  const upper = pairs.filter((variable) => variable.name === variable.name.toUpperCase());
  switch (style) {
    case VariableStyle.UPPER_ONLY:
      return upper;
    case VariableStyle.UPPER_THEN_LOWER:
      return [...upper, ...pairs.filter((variable) => variable.name !== variable.name.toUpperCase())];
    default:
      return pairs;
  }
}

/** `export NAME='value'` lines in a variable style (the quoting of `renderShellExports`), without newlines. */
export function styledExportLines(env: RenderEnvironment, style: VariableStyle): Text[] {
  return styledVariables(env, style).map(shellExportLine);
}

/**
 * Per configuration and layout, the contents and the revision, each rendered when first asked
 * for: a cluster's control plane and every worker template ask for the same files, and a
 * ClusterProxyConfig never changes (rendering and hashing are the costly part).
 */
interface Rendered {
  contents?: Readonly<{ [key: string]: Text }>;
  revision?: string;
}
const cache = new WeakMap<ClusterProxyConfig, Map<string, Rendered>>();

function renderedFor(proxy: ClusterProxyConfig, files: ResolvedNodeProxyFiles): Rendered {
  const byLayout = cache.get(proxy) ?? new Map<string, Rendered>();
  cache.set(proxy, byLayout);
  // only what changes the text: paths, owner, mode, position and encoding do not
  const key = JSON.stringify([files.dropIns.map((dropIn) => dropIn.secretKey), files.dropInVariables, files.kubeadmEnvironment, files.exportVariables,
    files.kubeadmCredentials, files.urlPortAsGiven, ...(files.noProxyForm === NoProxyForm.EXPANDED ? [] : [files.noProxyForm, files.profile])]);
  const rendered = byLayout.get(key) ?? {};
  byLayout.set(key, rendered);
  return rendered;
}

/** The node files' text for the layout, by Secret key (frozen, shared). Holds credentials when the proxy URLs do. */
export function nodeProxyFileContents(
  proxy: ClusterProxyConfig,
  files: ResolvedNodeProxyFiles = DEFAULT_NODE_PROXY_FILES,
): Readonly<{ [key: string]: Text }> {
  const rendered = renderedFor(proxy, files);
  if (!rendered.contents) {
    rendered.contents = Object.freeze(renderContents(proxy, nodeFileEnvironments(proxy, files).render, files));
  }
  return rendered.contents;
}

function renderContents(proxy: ClusterProxyConfig, env: RenderEnvironment, files: ResolvedNodeProxyFiles): { [key: string]: Text } {
  const dropIn = systemdDropIn(styledVariables(env, files.dropInVariables));
  const contents: { [key: string]: Text } = {};
  for (const { secretKey } of files.dropIns) {
    contents[secretKey] = dropIn;
  }
  if (files.kubeadmEnvironment === KubeadmEnvironment.ENV_FILE) {
    // sourced before kubeadm, which copies it into the static pods: credentials only on request
    const kubeadmEnv = files.kubeadmCredentials ? env : nodeFileEnvironments(proxy, files).public;
    contents[PROXY_ENV_KEY] = joinText(...styledExportLines(kubeadmEnv, files.exportVariables).map((line) => joinText(line, '\n')));
  }
  // One file per certificate: Debian's update-ca-certificates and `openssl rehash` handle a
  // multi-certificate file badly (only the first certificate gets a hash link).
  (proxy.settings.trustedCa?.certificates ?? []).forEach((certificate, index) => {
    contents[trustedCaKey(index + 1)] = certificate.pem;
  });
  return contents;
}

/**
 * A hash of the layout's node files rendered without credentials, plus the credentials revision,
 * never the credentials themselves (see `nodeProxySecretName`): what changes the Secret's name,
 * or with a fixed name the KubeadmControlPlane and templates, and so rolls the machines, when the
 * proxy changes.
 */
export function nodeFilesRevision(proxy: ClusterProxyConfig, files: ResolvedNodeProxyFiles = DEFAULT_NODE_PROXY_FILES): string {
  const rendered = renderedFor(proxy, files);
  if (rendered.revision === undefined) {
    rendered.revision = contentHash({
      files: renderContents(proxy, nodeFileEnvironments(proxy, files).public, files),
      credentials: proxy.credentialsMarker,
      // undefined, so left out of the hash, unless kubeadm gets the credentials: names from before that option stay
      kubeadmCredentials: files.kubeadmCredentials && proxy.hasCredentials ? true : undefined,
      form: NODE_PROXY_SECRET_FORM,
    });
  }
  return rendered.revision;
}
