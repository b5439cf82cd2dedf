export * from './manifest';
export * from './names';
export * from './cluster-labels';
