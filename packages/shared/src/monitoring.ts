/** Environment monitoring: station types and parameters, national indices, band configs (issue 15). */
export * from './monitor/bands';
export * from './monitor/indices';
export * from './monitor/parameters';
