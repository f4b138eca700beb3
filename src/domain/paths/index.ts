/** Path features over a workflow definition: templates, simulator walk, summaries, launch review, diff. */
export * from './templates';
export * from './walk';
export * from './summary';
export * from './review';
export * from './diff';
export { formatDays } from './describe';
export * from './transfer';
export { graphBuilder } from './graph-builder';
