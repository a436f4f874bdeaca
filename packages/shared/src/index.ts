export * from './permissions';
export * from './validators';
export * from './text';
export * from './dates';
export * from './fields';
export * from './resource';
export * from './enums';
