export * from './product';
export * from './metadata';
