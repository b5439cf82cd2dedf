/**
 * Names the workload injection uses when the caller does not choose its own. They are fixed
 * strings, never derived from content or time, so every synth gives the same manifests and a
 * policy can refer to the Secret before it exists.
 */

/** Default name of the Secret holding the proxy URLs (with credentials) in each namespace. */
export const DEFAULT_PROXY_SECRET_NAME = 'cluster-proxy-env';

/** Default name of the ConfigMap holding the trusted CA bundle in each namespace. */
export const DEFAULT_CA_CONFIGMAP_NAME = 'cluster-proxy-ca';

/** Name of the pod volume that mounts the CA ConfigMap. */
export const CA_VOLUME_NAME = 'cluster-proxy-ca';

/**
 * Default directory the CA ConfigMap is mounted at. A whole-directory mount (no `subPath`) so
 * ConfigMap updates reach running pods and the mount is also legal for ephemeral containers,
 * which refuse `subPath`.
 */
export const DEFAULT_CA_MOUNT_PATH = '/etc/cluster-proxy/ca';

/** ConfigMap key of the full bundle: the corporate CA plus the chosen public roots (`systemRoots`). */
export const CA_BUNDLE_KEY = 'ca-bundle.crt';

/** ConfigMap key of the corporate CA certificates alone (for additive variables). */
export const CORPORATE_CA_KEY = 'corporate-ca.crt';

/**
 * Default opt-out annotation: a pod (or pod template, or workload) annotated
 * `cluster-proxy-constructs/inject: "false"` is left untouched by every injection path.
 */
export const DEFAULT_OPT_OUT_ANNOTATION = 'cluster-proxy-constructs/inject';

/** The annotation value that opts out. */
export const OPT_OUT_VALUE = 'false';

/**
 * Pod template annotation holding `credentialsRevision` when the proxy env reads the proxy Secret:
 * a new revision changes the template and so restarts the pods (Secret env is read at start).
 */
export const CREDENTIALS_REVISION_ANNOTATION = 'cluster-proxy-constructs/credentials-revision';

/** Namespace label selecting where the Kyverno policy clones the proxy Secret, by default. */
export const DEFAULT_CREDENTIAL_NAMESPACE_LABELS: Readonly<Record<string, string>> = Object.freeze({ 'cluster-proxy-constructs/proxy-credentials': 'enabled' });
