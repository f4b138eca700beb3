import { lazy, Suspense } from 'react';

/**
 * The one door to editor/power/** (launch review, import/export, simulator, history): its gatekeeper
 * `power/index.tsx` is loaded lazily (its own chunk). PowerToolbar goes in the editor toolbar,
 * PowerPanels beside the canvas, inside the ReactFlowProvider (useReactFlow works). They talk to the
 * editor only through the store API (src/app/editor/store).
 */
const loadPower = () => import('../power/index');
const Toolbar = lazy(async () => ({ default: (await loadPower()).PowerToolbar }));
const Panels = lazy(async () => ({ default: (await loadPower()).PowerPanels }));

export function PowerToolbarSlot({ campaignId }: { campaignId: string }) {
  return (
    <Suspense fallback={null}>
      <Toolbar campaignId={campaignId} />
    </Suspense>
  );
}

export function PowerPanelsSlot({ campaignId }: { campaignId: string }) {
  return (
    <Suspense fallback={null}>
      <Panels campaignId={campaignId} />
    </Suspense>
  );
}
