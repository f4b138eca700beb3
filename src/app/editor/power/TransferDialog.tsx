import { useId, useMemo, useRef, useState } from 'react';
import { countProblems, hasErrors, validateWorkflow } from '../../../domain';
import { diffGraphs, exportFileName, exportWorkflowJson, parseWorkflowImport } from '../../../domain/paths';
import { CopyButton } from '../../ui/CopyButton';
import { toast } from '../../ui/toast';
import { Dialog } from '../../ui/Dialog';
import { editorStore, useEditorStore } from '../store';

/**
 * Export the canvas as workflow_definition JSON (file or clipboard) and import one (file or paste).
 * An import is validated first and lands on the canvas as unsaved changes (undoable), so its
 * problems show on the graph before anything is saved; unreadable input changes nothing.
 */
export function TransferDialog({ onClose }: { onClose(): void }) {
  const [tab, setTab] = useState<'export' | 'import'>('export');
  const id = useId();
  const tabs = [
    { key: 'export' as const, label: 'Export' },
    { key: 'import' as const, label: 'Import' },
  ];
  return (
    <Dialog title="Export or import the workflow" onClose={onClose} wide actions={null}>
      <div role="tablist" aria-label="Export or import" className="power-tabs">
        {tabs.map((t, i) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`${id}-${t.key}-tab`}
            aria-selected={tab === t.key}
            aria-controls={`${id}-${t.key}`}
            tabIndex={tab === t.key ? 0 : -1}
            className={`power-tab${tab === t.key ? ' is-active' : ''}`}
            onClick={() => setTab(t.key)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
              const next = tabs[(i + 1) % tabs.length]!;
              setTab(next.key);
              document.getElementById(`${id}-${next.key}-tab`)?.focus();
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}`} aria-labelledby={`${id}-${tab}-tab`}>
        {tab === 'export' ? <ExportPanel /> : <ImportPanel onDone={onClose} />}
      </div>
    </Dialog>
  );
}

function ExportPanel() {
  const revision = useEditorStore((s) => s.revision);
  const name = useEditorStore((s) => s.campaign?.name ?? 'campaign');
  const dirty = useEditorStore((s) => s.dirty);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- revision stands for the graph this reads from the store
  const json = useMemo(() => exportWorkflowJson(editorStore.getState().getDefinition()), [revision]);
  const download = () => {
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = exportFileName(name);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="power-transfer">
      <p className="muted">
        The campaign’s steps and connections as a file, ready to import into another campaign or to hand to an integration.
        {dirty && ' It includes your unsaved changes.'}
      </p>
      <label className="field">
        <span>Campaign file (JSON)</span>
        <textarea className="input power-json" readOnly value={json} rows={12} data-testid="export-json" />
      </label>
      <div className="dialog-actions">
        <CopyButton text={json} label="Copy to clipboard" className="btn" />
        <button type="button" className="btn btn-primary" onClick={download}>
          Download file
        </button>
      </div>
    </div>
  );
}

function ImportPanel({ onDone }: { onDone(): void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const readOnly = useEditorStore((s) => s.readOnly);
  const context = useEditorStore((s) => s.context);
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setError(null);
    setText(await file.text());
  };

  const load = () => {
    const result = parseWorkflowImport(text);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    // The one validator runs first; its problems then show on the imported graph.
    const violations = validateWorkflow(result.definition, context);
    // The file of the saved campaign (just exported, say) leaves nothing unsaved.
    const saved = editorStore.getState().baseDefinition;
    const sameAsSaved = saved !== null && diffGraphs(saved, result.definition).same;
    editorStore.getState().loadDefinition(result.definition, { label: 'Import campaign file', markDirty: !sameAsSaved });
    if (sameAsSaved) {
      toast.success('Imported: the file holds the campaign as saved, so nothing is unsaved.');
      return onDone();
    }
    const { errors } = countProblems(violations);
    const notes = result.notes.length > 0 ? ` ${result.notes.join(' ')}` : '';
    if (hasErrors(violations))
      toast.error(
        `Imported as unsaved changes, with ${errors} problem${errors === 1 ? '' : 's'} to fix before you can save. Undo restores the previous graph.${notes}`,
      );
    else toast.success(`Imported as unsaved changes. Review and save when ready.${notes}`);
    onDone();
  };

  if (readOnly) return <p role="status">This campaign is read-only, so nothing can be imported into it.</p>;
  return (
    <div className="power-transfer">
      <p className="muted">
        Paste an exported campaign or choose its .json file. It replaces the canvas as unsaved changes: nothing is saved until you save.
      </p>
      <div className="field">
        <span id={`${id}-file-label`}>From a file</span>
        <div className="power-file-row">
          <button type="button" className="btn" onClick={() => fileRef.current?.click()} aria-describedby={`${id}-file-label`}>
            Choose file…
          </button>
          <span className="muted">{fileName ?? 'No file chosen'}</span>
          <input
            ref={fileRef}
            type="file"
            accept="application/json,.json"
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Workflow file"
            onChange={(e) => void readFile(e.target.files?.[0])}
            data-testid="import-file"
          />
        </div>
      </div>
      <label className="field" htmlFor={`${id}-paste`}>
        <span>Or paste JSON</span>
        <textarea
          id={`${id}-paste`}
          className="input power-json"
          rows={10}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          placeholder="The text of an exported campaign file"
        />
      </label>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error} Nothing was changed.
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" onClick={load} disabled={text.trim() === ''}>
          Import onto the canvas
        </button>
      </div>
    </div>
  );
}
