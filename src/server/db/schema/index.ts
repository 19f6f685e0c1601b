export * from './users';
export * from './mail';
export * from './meta';
export * from './events';
export * from './venues';
export * from './payments';
export * from './live';
export * from './room';
