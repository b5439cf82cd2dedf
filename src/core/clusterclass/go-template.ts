import { ProxyConfigError } from '../primitives/errors';
import { LIMITS } from '../primitives/limits';

/**
 * Small helpers for writing Go `text/template` source, the language of ClusterClass
 * `valueFrom.template` and `enabledIf`. Cluster API parses each one with Sprig's hermetic function
 * map and reads the output as YAML, so the templates here always print JSON.
 */

/** ClusterClass `valueFrom.template` and `enabledIf` limits in the CRDs (characters). */
export const MAX_TEMPLATE_LENGTH = LIMITS.clusterClassTemplate.value;
/** `enabledIf` maxLength in the CRDs. */
export const MAX_ENABLED_IF_LENGTH = LIMITS.clusterClassEnabledIf.value;

/**
 * A Go string literal for `value`. JSON string syntax is a subset of Go's interpreted string
 * literals (the same escapes, `\u` included), so `JSON.stringify` produces a valid literal.
 */
export function goString(value: string): string {
  return JSON.stringify(value);
}

/**
 * Refuse a template Cluster API would reject: the CRDs cap `valueFrom.template` at 10240 characters
 * (the proxy's installation-wide entries and CA certificates are embedded in it).
 */
export function assertTemplateFits(field: string, what: string, template: string): string {
  if (template.length > MAX_TEMPLATE_LENGTH) {
    throw new ProxyConfigError(field,
      `the template for ${what} is ${template.length} characters, over Cluster API's limit of ${MAX_TEMPLATE_LENGTH} `
      + 'for valueFrom.template; shorten the installation-wide NO_PROXY or the class-wide additional entries');
  }
  return template;
}
