export * from './metric-labels.ts';
export * from './division-metrics.ts';
