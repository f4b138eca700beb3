/** Path features over a workflow definition: templates, simulator walk, summaries, launch review, diff. */
export * from './templates';
export * from './walk';
export * from './simulate';
export * from './summary';
export * from './review';
export * from './diff';
export * from './change-summary';
export { delayDays, formatDays, handleLabel, scoreQualifies, waitDays } from './describe';
export * from './transfer';
export { graphBuilder } from './graph-builder';
export * from './route';
export * from './merge';
export * from './merge-words';
