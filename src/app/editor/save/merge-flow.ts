import { diffGraphs } from '../../../domain/paths';
import type { Campaign } from '../../api/campaigns';
import { editorStore } from '../store';
import { useSaveState } from './save';

/** A newer saved version arrived while there are local edits: open the conflict dialog on it (as a stale save does). */
export function mergeServerVersion(server: Campaign): void {
  useSaveState.setState({ conflict: { server, diff: diffGraphs(server.workflow_definition, editorStore.getState().getDefinition()) } });
}
