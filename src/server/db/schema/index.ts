export * from './users';
export * from './mail';
export * from './meta';
export * from './events';
