/** The runs release's audience contract (9.1–9.3, 9.5 tools), for one import. */
export * from './audience-tools';
export * from './enrollments';
export * from './prospects';
export * from './schedule';
