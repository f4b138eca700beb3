import { variantLetter } from '../../domain/variants';
import { resultsCsv } from '../../domain/results-csv';
import { useAccounts } from '../api/accounts';
import { ApiProblem } from '../api/http';
import { useCampaignResults, useChooseWinner, type CampaignResults, type StepResult } from '../api/results';
import { downloadCsv } from '../audience/import/download';
import { askConfirm } from '../ui/confirm';
import { formatCount, formatPercent } from '../ui/format';
import { DailyChart } from './DailyChart';
import './results.css';

/**
 * Contract 10.1's Results view of a campaign, beside its run: per sending step a bar per variant with
 * its 95 % interval drawn, the verdict in words (with "Choose …" when one variant is ahead), the daily
 * series as a chart, the senders' numbers and the step rows as a CSV download.
 */

const METRIC_WORDS: Readonly<Record<StepResult['metric'], string>> = { accepted: 'accepted', replied: 'replied' };

function VariantBars({ step, scale }: { step: StepResult; scale: number }) {
  const pct = (rate: number) => `${Math.min(100, (rate / scale) * 100)}%`;
  return (
    <ul className="results-bars">
      {step.variants.map((v) => (
        <li key={v.variantId ?? 'one'} data-testid={`results-variant-${step.nodeId}-${v.variantId ?? 'one'}`}>
          <span className="results-variant-name">
            {v.variantId !== null && <strong>{variantLetter(v.variantId)}</strong>} {v.label}
          </span>
          <span className="results-track" aria-hidden="true">
            {v.rate !== null && <span className="results-bar" style={{ width: pct(v.rate) }} />}
            {v.interval && (
              <span
                className="results-interval"
                style={{ left: pct(v.interval.low), width: `calc(${pct(v.interval.high)} - ${pct(v.interval.low)})` }}
              />
            )}
          </span>
          <span className="results-figure">
            {v.rate === null
              ? 'not sent yet'
              : `${formatPercent(v.rate)} · ${formatCount(v.converted)} of ${formatCount(v.sent)} ${METRIC_WORDS[step.metric]}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Verdict({ campaignId, step, canChoose }: { campaignId: string; step: StepResult; canChoose: boolean }) {
  const choose = useChooseWinner(campaignId);
  const winner = step.verdict.status === 'winner' ? step.variants.find((v) => v.variantId === step.verdict.variantId) : undefined;
  const pick = async () => {
    if (!winner?.variantId) return;
    const name = `${variantLetter(winner.variantId)} (${winner.label})`;
    const sure = await askConfirm({
      title: `Send ${name} from now on?`,
      message: `Everyone who reaches “${step.name}” from now on gets ${name}. Prospects already past it keep the text they got.`,
      confirmLabel: `Choose ${variantLetter(winner.variantId)}`,
    });
    if (sure) choose.mutate({ nodeId: step.nodeId, variantId: winner.variantId });
  };
  return (
    <div className={`results-verdict is-${step.verdict.status}`}>
      <p data-testid={`results-verdict-${step.nodeId}`}>
        {step.verdict.note}
        {winner?.variantId && canChoose ? ` — choose ${variantLetter(winner.variantId)}?` : '.'}
      </p>
      {winner?.variantId && canChoose && (
        <button type="button" className="btn btn-sm btn-primary" disabled={choose.isPending} onClick={() => void pick()}>
          Choose {variantLetter(winner.variantId)}
        </button>
      )}
      {choose.isSuccess && <p className="muted">Chosen: prospects who reach this step from now on get it.</p>}
      {choose.error && (
        <p role="alert" className="run-error">
          {choose.error instanceof ApiProblem ? choose.error.message : 'The winner could not be chosen. Try again.'}
        </p>
      )}
    </div>
  );
}

function Senders({ senders }: { senders: CampaignResults['senders'] }) {
  const accounts = useAccounts();
  const nameOf = (id: string) => accounts.data?.find((a) => a.id === id)?.name ?? 'Sender account';
  if (senders.length === 0) return <p className="muted">Nothing sent yet.</p>;
  return (
    <table className="table results-senders">
      <thead>
        <tr>
          <th scope="col">Sender</th>
          <th scope="col">Sent</th>
          <th scope="col">Accepted</th>
          <th scope="col">Replied</th>
        </tr>
      </thead>
      <tbody>
        {senders.map((s) => (
          <tr key={s.accountId}>
            <td>{nameOf(s.accountId)}</td>
            <td>{formatCount(s.sent)}</td>
            <td>{formatCount(s.accepted)}</td>
            <td>{formatCount(s.replied)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ResultsView({ campaignId, campaignName, running }: { campaignId: string; campaignName: string; running: boolean }) {
  const { data: results, error } = useCampaignResults(campaignId);
  if (error) return <p role="alert">The results could not be read: {error.message}</p>;
  if (!results) return <div aria-busy="true" aria-label="Results" />;
  // One scale for every bar: the highest interval end, so bars of different steps compare.
  const scale = Math.max(0.05, ...results.steps.flatMap((s) => s.variants.map((v) => v.interval?.high ?? 0)));
  return (
    <div className="results-view" aria-label="Results">
      <section>
        <div className="results-head">
          <h3>Steps</h3>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => downloadCsv(`${campaignName.replace(/[^\p{L}\p{N}]+/gu, '-')}-results.csv`, resultsCsv(results))}
          >
            Download CSV
          </button>
        </div>
        {results.steps.length === 0 && <p className="muted">This campaign sends no message or invitation.</p>}
        {results.steps.map((step) => (
          <article key={`${step.nodeId}:${step.version}`} className="results-step">
            <h4>
              {step.name}
              {results.steps.filter((s) => s.nodeId === step.nodeId).length > 1 && <span className="muted"> · version {step.version}</span>}
            </h4>
            <VariantBars step={step} scale={scale} />
            {step.variants.length > 1 && <Verdict campaignId={campaignId} step={step} canChoose={running} />}
          </article>
        ))}
      </section>
      <section>
        <h3>Day by day</h3>
        <DailyChart daily={results.daily} />
      </section>
      <section>
        <h3>Senders</h3>
        <Senders senders={results.senders} />
      </section>
    </div>
  );
}
