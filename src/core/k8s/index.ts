export * from './manifest';
export * from './names';
