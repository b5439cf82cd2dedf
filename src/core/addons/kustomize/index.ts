/** Kustomize: a component with strategic-merge patches, and JSON 6902 patches. */
export * from './kustomize-target';
export * from './kustomize-component';
export * from './kustomize-json6902';
