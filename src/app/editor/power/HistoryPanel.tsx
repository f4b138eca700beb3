import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { nodeDefinition, stepNames } from '../../../domain';
import type { ChangeVia } from '../../../domain/contract/changes';
import { changedFieldLabels, describeDiff, diffGraphs, type GraphDiff } from '../../../domain/paths';
import { useCampaignVersion, useCampaignVersions, type CampaignVersionInfo } from '../../api/power';
import { RelativeTime } from '../../ui/Time';
import { toast } from '../../ui/toast';
import type { HighlightTone } from '../store';
import { editorStore, useEditorStore } from '../store';

/**
 * Saved-graph history: the graphs earlier saves replaced (newest first). Selecting one compares it
 * with the canvas (highlighted there; steps only in the old version are listed); Restore puts it
 * on the canvas as unsaved changes — the user still saves explicitly.
 */

type Show = 'all' | 'added' | 'changed';
const SHOW: Array<{ key: Show; label: string; tone: HighlightTone }> = [
  { key: 'all', label: 'All differences', tone: 'changed' },
  { key: 'added', label: 'New since', tone: 'added' },
  { key: 'changed', label: 'Changed since', tone: 'changed' },
];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Who saved a version, as the history says it (nothing for versions saved before this was recorded). */
const SAVED_BY: Record<ChangeVia, string> = { app: 'in the studio', mcp: 'by an agent', other: 'by Campaign Studio' };

/** "saved 3 min ago in the studio", then the save's one-line summary. */
function SavedLine({ info }: { info: CampaignVersionInfo }) {
  return (
    <>
      <span>
        {' '}
        · saved <RelativeTime iso={info.savedAt} />
        {info.savedVia && ` ${SAVED_BY[info.savedVia]}`}
      </span>
      {info.summary && <span className="power-version-summary">{info.summary}</span>}
    </>
  );
}

export function HistoryPanel({ campaignId }: { campaignId: string }) {
  const id = useId();
  const versions = useCampaignVersions(campaignId);
  const baseUpdatedAt = useEditorStore((s) => s.baseUpdatedAt);
  const [selected, setSelected] = useState<number | null>(null);
  const { refetch } = versions;
  // A save adds a version: refresh the list when the saved graph changes (not on the first render).
  const seenBase = useRef(baseUpdatedAt);
  useEffect(() => {
    if (seenBase.current === baseUpdatedAt) return;
    seenBase.current = baseUpdatedAt;
    void refetch();
  }, [baseUpdatedAt, refetch]);
  useEffect(() => () => editorStore.getState().clearHighlight(), []);

  return (
    <div className="power-history" role="region" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Saved versions</h2>
      <p className="muted">Every save keeps the graph it replaced. Pick one to compare it with the canvas.</p>
      {versions.isPending && <p role="status">Loading versions…</p>}
      {versions.isError && (
        <p role="alert">
          Could not load the versions.{' '}
          <button type="button" className="btn btn-sm" onClick={() => void refetch()}>
            Retry
          </button>
        </p>
      )}
      {versions.data?.items.length === 0 && <p role="status">No earlier versions yet: they appear after the first save.</p>}
      {versions.data && (
        <p className="power-version-current" data-testid="current-version">
          <strong>Current version {versions.data.current.version}</strong>
          <SavedLine info={versions.data.current} />
        </p>
      )}
      {versions.data && versions.data.items.length > 0 && (
        <ul className="power-versions" aria-label="Versions">
          {versions.data.items.map((v) => (
            <VersionRow
              key={v.version}
              info={v}
              selected={selected === v.version}
              onSelect={() => setSelected(selected === v.version ? null : v.version)}
            />
          ))}
        </ul>
      )}
      {selected !== null && <VersionDiff campaignId={campaignId} version={selected} />}
    </div>
  );
}

function VersionRow({ info, selected, onSelect }: { info: CampaignVersionInfo; selected: boolean; onSelect(): void }) {
  return (
    <li>
      <button
        type="button"
        className={`power-version${selected ? ' is-selected' : ''}`}
        aria-pressed={selected}
        onClick={onSelect}
        data-testid="version-row"
      >
        <strong>Version {info.version}</strong>
        <SavedLine info={info} />
        <span className="muted power-version-size">
          {plural(info.nodeCount, 'step')}, {plural(info.edgeCount, 'connection')}
        </span>
      </button>
    </li>
  );
}

function highlightIds(diff: GraphDiff, show: Show) {
  const nodes = show === 'changed' ? [] : diff.nodes.added.map((n) => n.id);
  const edges = show === 'changed' ? [] : diff.edges.added.map((e) => e.id);
  if (show !== 'added') {
    nodes.push(...diff.nodes.changed.map((c) => c.id));
    edges.push(...diff.edges.changed.map((c) => c.id));
  }
  return { nodeIds: nodes, edgeIds: edges };
}

/** "Message and Wait for a reply changed; moved": a step's changes in the form's words, never a data key. */
const changeWords = (changes: readonly string[], dataKeys: readonly string[]) =>
  changes
    .map((c) => {
      if (c === 'data') {
        const labels = changedFieldLabels(dataKeys);
        const listed = labels.length <= 1 ? (labels[0] ?? 'a setting') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
        return `${listed} changed`;
      }
      return c === 'position' ? 'moved' : c === 'type' ? 'type changed' : 'other details changed';
    })
    .join('; ');

function VersionDiff({ campaignId, version }: { campaignId: string; version: number }) {
  const id = useId();
  const query = useCampaignVersion(campaignId, version);
  const revision = useEditorStore((s) => s.revision);
  const readOnly = useEditorStore((s) => s.readOnly);
  const [show, setShow] = useState<Show>('all');
  const diff = useMemo(
    () => (query.data ? diffGraphs(query.data.workflow_definition, editorStore.getState().getDefinition()) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- revision stands for the graph this reads from the store
    [query.data, revision],
  );

  useEffect(() => {
    if (!diff) return;
    const tone = SHOW.find((s) => s.key === show)!.tone;
    editorStore.getState().setHighlight({ ...highlightIds(diff, show), tone });
  }, [diff, show]);

  if (query.isPending) return <p role="status">Loading version {version}…</p>;
  if (query.isError || !diff || !query.data) return <p role="alert">Version {version} could not be loaded.</p>;
  const definition = query.data.workflow_definition;
  // Steps by the names the canvas shows (the version's own for steps only it has).
  const names = new Map([...stepNames(definition.nodes), ...stepNames(editorStore.getState().getDefinition().nodes)]);
  const nameOf = (node: { id: string; type: string }) => names.get(node.id) ?? nodeDefinition(node.type)?.label ?? 'A step';
  const restore = () => {
    editorStore.getState().loadDefinition(definition, { label: `Restore version ${version}`, markDirty: true });
    // The restored graph may sit elsewhere on the canvas: show all of it, so nothing looks lost.
    editorStore.getState().focusElement({});
    toast.success(`Version ${version} is on the canvas as unsaved changes. Save to keep it, or undo.`);
  };

  return (
    <section className="power-diff" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Canvas compared with version {version}</h3>
      <p data-testid="version-diff-summary">{diff.same ? 'The canvas is the same as this version.' : describeDiff(diff)}</p>
      {!diff.same && (
        <fieldset className="power-outcomes">
          <legend>Highlight on the canvas</legend>
          {SHOW.map((s) => (
            <label key={s.key} className="power-outcome">
              <input type="radio" name={`${id}-show`} checked={show === s.key} onChange={() => setShow(s.key)} />
              {s.label}
            </label>
          ))}
        </fieldset>
      )}
      <DiffList
        title="New since this version"
        tone="added"
        items={diff.nodes.added.map((n) => ({ id: n.id, text: nameOf(n), onCanvas: true }))}
      />
      <DiffList
        title="Changed since this version"
        tone="changed"
        items={diff.nodes.changed.map((c) => ({
          id: c.id,
          text: `${nameOf(c.after)}: ${changeWords(c.changes, c.dataKeys)}`,
          onCanvas: true,
        }))}
      />
      <DiffList
        title="Only in this version (not on the canvas)"
        tone="removed"
        items={diff.nodes.removed.map((n) => ({ id: n.id, text: nameOf(n), onCanvas: false }))}
      />
      {(diff.edges.added.length > 0 || diff.edges.removed.length > 0 || diff.edges.changed.length > 0) && (
        <p className="muted">
          Connections: {diff.edges.added.length} new, {diff.edges.changed.length} changed, {diff.edges.removed.length} only in this version.
        </p>
      )}
      <div className="power-row">
        <button type="button" className="btn btn-primary btn-sm" onClick={restore} disabled={readOnly || diff.same}>
          Restore version {version}
        </button>
        {readOnly && <span className="muted">Read-only campaigns cannot be restored.</span>}
      </div>
    </section>
  );
}

function DiffList({
  title,
  tone,
  items,
}: {
  title: string;
  tone: 'added' | 'changed' | 'removed';
  items: Array<{ id: string; text: string; onCanvas: boolean }>;
}) {
  if (items.length === 0) return null;
  return (
    <div className={`power-difflist power-difflist-${tone}`}>
      <h4>{title}</h4>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            {item.onCanvas ? (
              <button type="button" className="btn-link" onClick={() => editorStore.getState().focusElement({ nodeId: item.id })}>
                {item.text}
              </button>
            ) : (
              <span className="power-ghost">{item.text}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
