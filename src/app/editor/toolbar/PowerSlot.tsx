import { lazy, Suspense, type ComponentType } from 'react';

/**
 * Extension point for editor/power/** (launch review, templates, import/export, simulator, history).
 * If `src/app/editor/power/index.tsx` exists it is loaded lazily (its own chunk) and may export:
 *   PowerToolbar: ComponentType<{ campaignId: string }>  — buttons placed in the editor toolbar
 *   PowerPanels:  ComponentType<{ campaignId: string }>  — panels/dialogs rendered beside the canvas,
 *                                                         inside the ReactFlowProvider (useReactFlow works)
 * They talk to the editor only through the store API (src/app/editor/store).
 */
type PowerModule = { PowerToolbar?: ComponentType<{ campaignId: string }>; PowerPanels?: ComponentType<{ campaignId: string }> };

const found = import.meta.glob<PowerModule>('../power/index.tsx');
const loader = Object.values(found)[0];

const nothing: ComponentType<{ campaignId: string }> = () => null;
const slot = (name: keyof PowerModule) => (loader ? lazy(async () => ({ default: (await loader())[name] ?? nothing })) : nothing);

const Toolbar = slot('PowerToolbar');
const Panels = slot('PowerPanels');

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
