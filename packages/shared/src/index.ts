export * from './dates';
export * from './enums';
export * from './fields';
export * from './import';
export * from './permissions';
export * from './resource';
export * from './text';
export * from './validators';
