/**
 * `admissionregistration.k8s.io` versions that serve MutatingAdmissionPolicy: `v1` is GA and on by
 * default from Kubernetes 1.36; `v1beta1` (Kubernetes 1.34 and 1.35) needs the
 * `MutatingAdmissionPolicy` feature gate and `--runtime-config=admissionregistration.k8s.io/v1beta1=true`.
 */
export enum MutatingAdmissionPolicyVersion {
  /** GA, on by default from Kubernetes 1.36. */
  V1 = 'v1',
  /** Kubernetes 1.34 and 1.35, behind the `MutatingAdmissionPolicy` feature gate. */
  V1BETA1 = 'v1beta1',
}

