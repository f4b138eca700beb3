import { lazy, Suspense, useState } from 'react';
import type { CampaignStatus } from '../../domain/contract/campaigns';
import { DAILY_LIMIT_WORDS } from '../../domain/catalog';
import { DAILY_LIMIT_KINDS, type DailyLimitKind, type Schedule } from '../../domain/contract/schedule';
import { nextOpening } from '../../domain/run/windows';
import { ENROLLMENT_STATUSES } from '../../domain/contract/statuses';
import { useAccounts } from '../api/accounts';
import { ApiProblem } from '../api/http';
import { useCampaignRun, useProspectEnrollment, useRunCommand, type CampaignRun, type RunCommand } from '../api/runs';
import { setSearchParams, useLocation } from '../router';
import { askConfirm } from '../ui/confirm';
import { takeRoom, useGivesWay } from '../ui/side-room';
import { calendarDayIn, formatCount, fullTime } from '../ui/format';
import { rampSentence, warmingUp, weekGaugeSentence } from '../ui/sender-limit-words';
import { useNow } from '../ui/useNow';
import { RunProspects, type OpenProspect } from './RunProspects';
import { ENROLLMENT_STATUS_LABEL } from '../ui/enrollment-status';
import {
  CONTACTED_MEANS,
  gaugeSentence,
  removedSenderNotice,
  runFunnel,
  stopWarning,
  unfinished,
  useRunFilter,
  type RunGraph,
} from './run-view';
import './run.css';

// Contract 10.1's Results view (and its chart) load when first opened.
const ResultsView = lazy(async () => ({ default: (await import('../results/ResultsView')).ResultsView }));
const TABS = [
  { id: 'run', label: 'Run' },
  { id: 'results', label: 'Results' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** The commands of contract 9.3 each status allows, with the question asked first. */
function RunControls({ campaignId, status, run }: { campaignId: string; status: CampaignStatus; run: CampaignRun }) {
  const command = useRunCommand(campaignId);
  const go = async (what: RunCommand) => {
    const questions = {
      pause: {
        title: 'Pause the campaign?',
        message: 'No new message goes out until you resume. Waits keep counting.',
        confirmLabel: 'Pause',
      },
      resume: {
        title: 'Resume the campaign?',
        message: `${formatCount(unfinished(run))} prospects carry on from where they are.`,
        confirmLabel: 'Resume',
      },
      stop: { title: 'Stop the campaign?', message: stopWarning(run), confirmLabel: 'Stop for good', danger: true },
    };
    if (await askConfirm(questions[what])) command.mutate(what);
  };
  if (status === 'completed') return <p className="run-state">This campaign is completed: nothing more will be sent.</p>;
  return (
    <div className="run-controls">
      {status === 'active' && (
        <button type="button" className="btn btn-sm" disabled={command.isPending} onClick={() => void go('pause')}>
          Pause
        </button>
      )}
      {status === 'paused' && (
        <button type="button" className="btn btn-sm btn-primary" disabled={command.isPending} onClick={() => void go('resume')}>
          Resume
        </button>
      )}
      <button type="button" className="btn btn-sm btn-danger" disabled={command.isPending} onClick={() => void go('stop')}>
        Stop
      </button>
      {command.error && (
        <p role="alert" className="run-error">
          {command.error instanceof ApiProblem ? command.error.message : 'The campaign could not be changed. Try again.'}
        </p>
      )}
    </div>
  );
}

function Funnel({ run, typeOf }: { run: CampaignRun; typeOf: RunGraph['typeOf'] }) {
  const funnel = runFunnel(run, typeOf);
  const top = Math.max(1, funnel[0]!.value);
  return (
    <ol className="run-funnel" aria-label="Funnel">
      {funnel.map((stage) => (
        <li key={stage.label}>
          <span className="run-funnel-label">{stage.label}</span>
          <span className="run-funnel-bar" style={{ width: `${Math.max(2, (stage.value / top) * 100)}%` }} aria-hidden="true" />
          <span className="run-funnel-value">{formatCount(stage.value)}</span>
        </li>
      ))}
    </ol>
  );
}

/** A limit kind named by the server, in users' words. */
const isLimitKind = (kind: string): kind is DailyLimitKind => (DAILY_LIMIT_KINDS as readonly string[]).includes(kind);
const limitLabel = (kind: string): string => (isLimitKind(kind) ? DAILY_LIMIT_WORDS[kind].label : kind);

function Gauge({ text, used, limit }: { text: string; used: number; limit: number }) {
  return (
    <label className="run-gauge">
      <span>{text}</span>
      <meter min={0} max={Math.max(1, limit)} value={used} high={Math.max(1, limit) * 0.9} />
    </label>
  );
}

/** Each sender's actions started today of its daily limits, its rolling week of its weekly ones and, warming up, its ramp (slots held by scheduled actions are not "started"). */
function SenderGauges({ run }: { run: CampaignRun }) {
  const accounts = useAccounts();
  const nameOf = (id: string) => accounts.data?.find((a) => a.id === id)?.name ?? 'Sender account';
  if (run.senders.length === 0) return <p className="muted">No sender account.</p>;
  return (
    <ul className="run-senders">
      {run.senders.map((sender) => {
        const account = accounts.data?.find((a) => a.id === sender.accountId);
        const day = account && calendarDayIn(account.timeZone);
        const invitations = account?.dailyLimits.connection_request ?? 0;
        return (
          <li key={sender.accountId}>
            <h4>{nameOf(sender.accountId)}</h4>
            {account && day && warmingUp(account.warmUp, invitations, day) && (
              <p className="run-ramp">{rampSentence(account.warmUp, invitations, day)} (invitations)</p>
            )}
            {Object.entries(sender.today)
              .filter(([, q]) => q.used > 0 || q.limit > 0)
              .map(([kind, q]) => (
                <Gauge key={kind} text={gaugeSentence(limitLabel(kind), q.used, q.limit)} used={q.used} limit={q.limit} />
              ))}
            {Object.entries(sender.week ?? {}).map(([kind, q]) => (
              <Gauge key={`week-${kind}`} text={weekGaugeSentence(limitLabel(kind), q.used, q.limit)} used={q.used} limit={q.limit} />
            ))}
          </li>
        );
      })}
    </ul>
  );
}

/** "Next action at 09:00 Tue (Berlin)" while the sending window is closed and someone is still underway. */
function NextAction({ run, schedule }: { run: CampaignRun; schedule: Schedule }) {
  const now = useNow(60_000);
  if (run.status !== 'active' || unfinished(run) === 0) return null;
  const opening = nextOpening(now, schedule);
  if (!opening) return null;
  return (
    <p className="run-next" data-testid="run-next-action">
      Outside the sending window: next action at {opening.text}.
    </p>
  );
}

/**
 * The prospect whose timeline is open: a row's click, or the address's `prospect` (a profile URL,
 * the inbox thread's link) resolved to its enrollment in this campaign.
 */
function useOpenProspect(campaignId: string): [OpenProspect | null, (p: OpenProspect | null) => void] {
  const asked = useLocation().search.get('prospect');
  const found = useProspectEnrollment(campaignId, asked).data;
  // undefined: nothing chosen in this panel yet, so the address's prospect is shown.
  const [chosen, setChosen] = useState<OpenProspect | null | undefined>(undefined);
  const fromAddress = asked && found ? found : null;
  const choose = (p: OpenProspect | null) => {
    setChosen(p);
    if (asked) setSearchParams({ prospect: null });
  };
  return [chosen === undefined ? fromAddress : chosen, choose];
}

/** The run's side panel: controls, counts, funnel, the senders' day, the next action, the forecast finish and the prospects. */
export function RunPanel({
  campaignId,
  campaignName,
  graph,
  schedule,
  onShowCanvas,
}: {
  campaignId: string;
  campaignName: string;
  graph: RunGraph;
  schedule: Schedule;
  /** On a phone, after the run steps aside: fit the canvas to the screen. */
  onShowCanvas?: () => void;
}) {
  const { data: run, error } = useCampaignRun(campaignId);
  const [open, setOpen] = useOpenProspect(campaignId);
  // On a phone the run covers the canvas; this shows the canvas instead (and a button brings the run back).
  const [canvasOnPhone, setCanvasOnPhone] = useState(false);
  const [tab, setTab] = useState<Tab>('run');
  // On a crowded screen another side panel (the dock, History…) opened after the run: the run keeps a rail.
  const railed = useGivesWay('run');
  if (railed)
    return (
      <aside className="run-panel run-rail" aria-label="Run (collapsed)">
        <button type="button" className="icon-btn" aria-label="Show the run" title="Show the run" onClick={() => takeRoom('run')}>
          <span aria-hidden="true">‹</span>
        </button>
        <span className="run-rail-label" aria-hidden="true">
          Run
        </span>
      </aside>
    );
  if (error)
    return (
      <aside className="run-panel" role="alert">
        The run could not be read: {error.message}
      </aside>
    );
  if (!run) return <aside className="run-panel" aria-busy="true" aria-label="Run" />;
  return (
    <>
      {canvasOnPhone && (
        <button type="button" className="btn btn-sm btn-primary run-phone-only run-reopen" onClick={() => setCanvasOnPhone(false)}>
          Show the run
        </button>
      )}
      <aside className={`run-panel${canvasOnPhone ? ' is-behind' : ''}`} aria-label="Run">
        <header className="run-panel-head">
          <button
            type="button"
            className="btn btn-sm btn-ghost run-phone-only"
            onClick={() => {
              setCanvasOnPhone(true);
              requestAnimationFrame(() => onShowCanvas?.());
            }}
          >
            ← Canvas
          </button>
          <div className="run-tabs" role="tablist" aria-label="Run or results">
            {TABS.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                aria-selected={tab === t.id}
                className="btn btn-sm btn-ghost"
                onClick={() => setTab(t.id)}
              >
                {t.label}
              </button>
            ))}
          </div>
          <RunControls campaignId={campaignId} status={run.status} run={run} />
        </header>
        {tab === 'results' ? (
          <Suspense fallback={<div aria-busy="true" aria-label="Results" />}>
            <ResultsView campaignId={campaignId} campaignName={campaignName} running={run.status === 'active' || run.status === 'paused'} />
          </Suspense>
        ) : (
          <RunSections campaignId={campaignId} graph={graph} schedule={schedule} run={run} open={open} setOpen={setOpen} />
        )}
      </aside>
    </>
  );
}

/** The run tab: counts, funnel, the senders' day, the next action, the forecast finish and the prospects. */
function RunSections({
  campaignId,
  graph,
  schedule,
  run,
  open,
  setOpen,
}: {
  campaignId: string;
  graph: RunGraph;
  schedule: Schedule;
  run: CampaignRun;
  open: OpenProspect | null;
  setOpen: (p: OpenProspect | null) => void;
}) {
  const setFilter = useRunFilter((s) => s.set);
  return (
    <>
      <NextAction run={run} schedule={schedule} />
      {removedSenderNotice(run) && (
        <p className="run-notice" role="status" data-testid="run-removed-sender">
          {removedSenderNotice(run)}
        </p>
      )}
      <section aria-label="Prospects by status">
        <ul className="run-counts">
          {ENROLLMENT_STATUSES.map((s) => (
            <li key={s}>
              <button type="button" className="run-link" onClick={() => setFilter({ status: s, nodeId: null })}>
                <strong>{formatCount(run.enrollments[s])}</strong> {ENROLLMENT_STATUS_LABEL[s].toLowerCase()}
              </button>
            </li>
          ))}
          <li>
            <strong>{formatCount(run.enrollments.replied)}</strong> replied
          </li>
        </ul>
      </section>
      <section>
        <h3>Funnel</h3>
        <Funnel run={run} typeOf={graph.typeOf} />
        <p className="muted">{CONTACTED_MEANS}</p>
      </section>
      <section>
        <h3>Senders today</h3>
        <SenderGauges run={run} />
      </section>
      <section>
        <h3>Forecast</h3>
        <p data-testid="run-forecast">
          {run.forecast.finishBy
            ? `Everyone finishes by ${fullTime(run.forecast.finishBy)} (${formatCount(run.forecast.workingDaysLeft)} sending days left).`
            : run.enrollments.waiting + run.enrollments.active === 0
              ? 'Nobody is left to contact.'
              : 'No finish date: a step has no sender account that can do it.'}
        </p>
      </section>
      <RunProspects campaignId={campaignId} graph={graph} open={open} onOpen={setOpen} />
    </>
  );
}
