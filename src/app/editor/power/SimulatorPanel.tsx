import { useEffect, useId, useMemo } from 'react';
import { FIELDS, nodeDefinition, parseTemplate, sentVersions, variantLetter, variantTextsOf } from '../../../domain';
import { formatDays, walkPath, type RenderedText, type WalkStep } from '../../../domain/paths';
import { setSearchParams, useLocation } from '../../router';
import { CopyButton } from '../../ui/CopyButton';
import { editorStore, useEditorStore, useSampleProspect } from '../store';
import { decodeSimState, encodeSimState, SIM_PARAM, type SimState } from './sim-state';

/**
 * Path simulator: one sample prospect and one outcome per branch; the canvas highlights the path
 * taken and the timeline shows each step's day and its message as that prospect would get it.
 * The state lives in the URL (?sim=…), so the link reproduces the simulation.
 */

const BASE_FIELDS = ['firstName', 'lastName', 'company', 'jobTitle'];

function useSimState(): [SimState, (next: SimState) => void] {
  const { search } = useLocation();
  const defaults = useSampleProspect((s) => s.fields);
  const param = search.get(SIM_PARAM);
  const state = useMemo(() => decodeSimState(param) ?? { fields: { ...defaults }, outcomes: {} }, [param, defaults]);
  return [state, (next) => setSearchParams({ [SIM_PARAM]: encodeSimState(next) })];
}

function dayLabel(day: number): string {
  return day === 0 ? 'Day 0' : day < 1 ? `After ${formatDays(day)}` : `Day ${Math.round(day * 10) / 10}`;
}

export function SimulatorPanel() {
  const revision = useEditorStore((s) => s.revision);
  const [state, setState] = useSimState();
  const id = useId();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- revision stands for the graph this reads from the store
  const definition = useMemo(() => editorStore.getState().getDefinition(), [revision]);
  const walk = useMemo(
    () => walkPath(definition, { customFields: state.fields }, { outcomes: state.outcomes, icpScore: state.icpScore }),
    [definition, state],
  );
  const hasScoring = definition.nodes.some((n) => nodeDefinition(n.type)?.role === 'scoring');

  // Every placeholder the campaign uses, so each can be filled in for the sample prospect.
  const allPlaceholders = useMemo(() => {
    const names = new Set<string>();
    for (const n of definition.nodes) {
      // Each variant's texts too (contract 10.1): a placeholder only variant B uses is filled in here as well.
      for (const { data } of sentVersions({ type: n.type, data: n.data ?? {} })) {
        for (const key of ['subject', 'message_template']) {
          const text = data[key];
          if (typeof text === 'string') for (const name of parseTemplate(text).placeholders) names.add(name);
        }
      }
    }
    return [...names];
  }, [definition]);
  const fieldNames = [...new Set([...BASE_FIELDS, ...Object.keys(state.fields), ...allPlaceholders])];

  const walkKey = `${walk.nodeIds.join('|')}#${walk.edgeIds.join('|')}`;
  useEffect(() => {
    editorStore.getState().setHighlight({ nodeIds: walk.nodeIds, edgeIds: walk.edgeIds, tone: walk.completed ? 'info' : 'warning' });
    // walkKey stands for the ids: re-highlighting on every render would churn the canvas.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- walkKey stands for the ids (see above)
  }, [walkKey, walk.completed]);
  useEffect(() => () => editorStore.getState().clearHighlight(), []);

  const setField = (name: string, value: string) => {
    const fields = { ...state.fields };
    if (value === '') delete fields[name];
    else fields[name] = value;
    setState({ ...state, fields });
  };
  const setOutcome = (nodeId: string, handle: string) => setState({ ...state, outcomes: { ...state.outcomes, [nodeId]: handle } });
  const setScore = (text: string) => {
    const score = text === '' ? undefined : Number(text);
    const next: SimState = { fields: state.fields, outcomes: state.outcomes };
    if (score !== undefined && Number.isFinite(score)) next.icpScore = score;
    setState(next);
  };

  return (
    <div className="power-sim" aria-labelledby={`${id}-title`} role="region">
      <h2 id={`${id}-title`}>Simulate a prospect</h2>
      <fieldset className="power-fieldset">
        <legend>Sample prospect</legend>
        {fieldNames.map((name) => (
          <label key={name} className="field power-field-inline">
            <span>{name}</span>
            <input
              className="input input-sm"
              value={state.fields[name] ?? ''}
              placeholder="(empty)"
              onChange={(e) => setField(name, e.target.value)}
            />
          </label>
        ))}
        {hasScoring && (
          <label className="field power-field-inline">
            <span>ICP score</span>
            <input
              className="input input-sm"
              type="number"
              min={0}
              max={100}
              value={state.icpScore ?? ''}
              placeholder="choose below"
              onChange={(e) => setScore(e.target.value)}
              aria-describedby={`${id}-score-help`}
            />
            <span id={`${id}-score-help`} className="field-help">
              When set, the scoring step’s threshold decides.
            </span>
          </label>
        )}
      </fieldset>
      {walk.missingPlaceholders.length > 0 && (
        <p className="field-warning" role="status">
          Not filled for this prospect: {walk.missingPlaceholders.map((n) => `{{${n}}}`).join(', ')}
        </p>
      )}
      <h3>Timeline</h3>
      <ol className="power-timeline" aria-label="Steps this prospect goes through">
        {walk.steps.map((step) => (
          <TimelineStep key={step.nodeId} step={step} onOutcome={setOutcome} />
        ))}
      </ol>
      {walk.note && (
        <p className="field-error" role="status">
          {walk.note}
        </p>
      )}
      {walk.completed && <p className="muted">Finished after {formatDays(walk.totalDays)}.</p>}
      <div className="power-row">
        <CopyButton text={window.location.href} label="Copy link to this simulation" />
        <button type="button" className="btn btn-sm" onClick={() => setSearchParams({ [SIM_PARAM]: null })}>
          Reset
        </button>
      </div>
    </div>
  );
}

function TimelineStep({ step, onOutcome }: { step: WalkStep; onOutcome(nodeId: string, handle: string): void }) {
  const outputs = nodeDefinition(step.type)?.outputs;
  const handles = outputs?.kind === 'branch' ? outputs.handles : [];
  const byScore = step.outcome?.decidedBy === 'score';
  const varied = variantTextsOf(step.type);
  return (
    <li className={`power-step${step.sends ? ' is-send' : ''}`} data-testid="sim-step" data-node-id={step.nodeId}>
      <div className="power-step-head">
        <span className="badge">{dayLabel(step.dayOffset)}</span>{' '}
        <button type="button" className="btn-link" onClick={() => editorStore.getState().focusElement({ nodeId: step.nodeId })}>
          {step.label}
        </button>
        {step.summary && <span className="muted"> · {step.summary}</span>}
      </div>
      {step.variants && varied ? (
        <>
          {varied.text !== 'message_template' && step.message && <RenderedLine label="Message" text={step.message} />}
          {/* Contract 10.1: every variant, one row each; a prospect gets one of them. */}
          <ul className="power-variants" aria-label={`Variants of ${step.label}`}>
            {step.variants.map((v) => (
              <li key={v.variantId} data-testid="sim-variant">
                <span className="badge">{variantLetter(v.variantId)}</span> <strong>{v.label}</strong>
                {v.subject && <RenderedLine label="Subject" text={v.subject} />}
                <RenderedLine label={FIELDS[varied.text]?.label ?? 'Message'} text={v.text} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          {step.subject && <RenderedLine label="Subject" text={step.subject} />}
          {step.message && <RenderedLine label="Message" text={step.message} />}
        </>
      )}
      {handles.length > 0 && (
        <fieldset className="power-outcomes" disabled={byScore}>
          <legend>Outcome{byScore ? ' (decided by the ICP score)' : ''}</legend>
          {handles.map((h) => (
            <label key={h.name} className={`power-outcome power-outcome-${h.tone}`}>
              <input
                type="radio"
                name={`outcome-${step.nodeId}`}
                value={h.name}
                checked={step.outcome?.handle === h.name}
                onChange={() => onOutcome(step.nodeId, h.name)}
              />
              {h.label}
            </label>
          ))}
        </fieldset>
      )}
    </li>
  );
}

function RenderedLine({ label, text }: { label: string; text: RenderedText }) {
  return (
    <div className="power-rendered">
      <span className="visually-hidden">{label}: </span>
      {label === 'Subject' && <strong>Subject: </strong>}
      <span className="power-message" data-testid={`sim-${label.toLowerCase()}`}>
        {text.text || <em>empty</em>}
      </span>
      {text.missing.length > 0 && (
        <span className="badge badge-warning" title="These placeholders have no value for this prospect">
          Unfilled: {text.missing.map((n) => `{{${n}}}`).join(', ')}
        </span>
      )}
    </div>
  );
}
