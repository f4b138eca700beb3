/** The framework-free core: catalog, schemas, validator, templates, time. */
export * from './catalog';
export * from './schemas';
export * from './template';
export * from './time';
export * from './validator';
export { isRecord } from './is-record';
export type {
  Severity,
  ValidationContext,
  Violation,
  ViolationCode,
  WorkflowDefinition,
  WorkflowEdge,
  WorkflowNode,
} from './workflow-types';
export { VIOLATION } from './workflow-types';
export type { CampaignRecord, CampaignStatus, EditingMode } from './contract/campaigns';
export * from './geometry';
export * from './stats';
export * from './variants';
