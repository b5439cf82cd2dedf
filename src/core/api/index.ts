export * from './addon-values';
export * from './no-proxy-engine';
export * from './products';
export * from './renderers';
export * from './migration';
