export * from './product';
export * from './metadata';
export * from './credentials';
