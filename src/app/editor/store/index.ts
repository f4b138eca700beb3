/** The editor store's public surface (documented at the top of editor-store.ts). */
export { editorStore, useEditorStore, type EditorState, type LoadOptions } from './editor-store';
export { readOnlyMessage, runViewCampaignId } from './read-only';
export { selectionWords, type Selection } from './selection';
export {
  useEdgeHighlight,
  useEdgeViolations,
  useNodeHighlight,
  useNodeViolations,
  useSharedCanvasValue,
  useSingleSelectedNodeId,
  useViolations,
  worstSeverity,
} from './hooks';
export { clearOffset, parseClipboard, type ClipboardPayload } from './clipboard';
export { sizedSteps, stepSize } from './convert';
export { COMMON_PLACEHOLDERS, useSampleProspect } from './sample-prospect';
export type { BaseVersion, CampaignMeta, FlowEdge, FlowNode, Highlight, HighlightTone } from './types';
