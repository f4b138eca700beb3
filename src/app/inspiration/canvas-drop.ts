import { useEditorBridge } from '../shared-bridge';

/** The drag type of a text card (inspiration → a message node's template). The editor may accept it too. */
const TEXT_DRAG_TYPE = 'application/x-campaign-studio-text';

/**
 * Fallback drop target while a card is dragged: the selected message node (the bridge's target) on the
 * canvas accepts the card, and `placeCard` places it exactly as "Use in message" does (at the cursor, into an
 * empty message, or after a written one). Listeners sit on the document and act only when nothing
 * nearer handled the event (`defaultPrevented`), so an editor-side handler for the same type wins and
 * nothing applies twice.
 */
export function startCardDrag(text: string, dataTransfer: DataTransfer, placeCard: () => void): void {
  dataTransfer.setData(TEXT_DRAG_TYPE, text);
  dataTransfer.setData('text/plain', text);
  dataTransfer.effectAllowed = 'copy';

  const targetNode = (e: DragEvent): string | null => {
    const target = useEditorBridge.getState().messageTarget;
    return target && e.target instanceof Element && target.isDropTarget(e.target) ? target.nodeId : null;
  };
  const over = (e: DragEvent) => {
    if (e.defaultPrevented || !targetNode(e)) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
  };
  const drop = (e: DragEvent) => {
    if (e.defaultPrevented || !targetNode(e)) return;
    e.preventDefault();
    placeCard();
  };
  const end = () => {
    document.removeEventListener('dragover', over);
    document.removeEventListener('drop', drop);
    document.removeEventListener('dragend', end, true);
  };
  document.addEventListener('dragover', over);
  document.addEventListener('drop', drop);
  document.addEventListener('dragend', end, true);
}
