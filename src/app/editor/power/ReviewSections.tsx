import { variantLetter, variantTextsOf } from '../../../domain';
import { channelBeside } from '../../../domain/channels';
import type { LaunchReview, ReviewWarning, SendStep } from '../../../domain/paths';
import { placeholderValues, renderSegments } from '../../../domain/template';
import type { Prospect } from '../../api/prospects';
import { FilledText } from '../../ui/FilledText';
import { editorStore } from '../store';

/** The read-only parts of the launch review: problems, paths, sends and senders. */

function focusNode(nodeId: string | undefined) {
  if (nodeId) editorStore.getState().focusElement({ nodeId });
}

export function ReviewWarnings({ warnings }: { warnings: readonly ReviewWarning[] }) {
  if (warnings.length === 0)
    return (
      <p className="power-ok" role="status">
        No problems found in the saved graph.
      </p>
    );
  const blockers = warnings.filter((w) => w.level === 'blocker');
  return (
    <section aria-labelledby="review-problems">
      <h3 id="review-problems">
        {blockers.length > 0 ? `${blockers.length} problem${blockers.length === 1 ? '' : 's'} to fix before launch` : 'Worth a look'}
      </h3>
      <ul className="power-warnings">
        {warnings.map((w, i) => (
          <li key={i} className={`power-warning power-warning-${w.level}`}>
            <span className={`badge ${w.level === 'blocker' ? 'badge-error' : 'badge-warning'}`}>
              {w.level === 'blocker' ? 'Must fix' : 'Warning'}
            </span>{' '}
            {w.message}
            {w.nodeId && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => focusNode(w.nodeId)}>
                Show step
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ReviewPaths({ review }: { review: LaunchReview }) {
  const { paths } = review;
  return (
    <section aria-labelledby="review-paths">
      <h3 id="review-paths">
        What happens to a prospect{' '}
        <span className="muted">
          ({paths.total} path{paths.total === 1 ? '' : 's'})
        </span>
      </h3>
      {paths.note && <p className="field-error">{paths.note}</p>}
      <ol className="power-paths">
        {paths.paths.map((p, i) => (
          <li key={i} data-testid="review-path">
            {p.text}
            <span className="muted power-path-meta">
              {' '}
              · {p.sends === 0 ? 'nothing sent' : `${p.sends} send${p.sends === 1 ? '' : 's'}`}
              {p.days > 0 ? ` · over ${Math.round(p.days * 10) / 10} day${p.days === 1 ? '' : 's'}` : ''}
            </span>
          </li>
        ))}
      </ol>
      {paths.more && <p className="muted">{paths.more}</p>}
    </section>
  );
}

/** Contract 10.1: each variant of a send, filled in for the review's prospect; the one a real prospect gets is marked. */
function SendVariants({ step, who }: { step: SendStep; who: string }) {
  return (
    <ul className="power-variants" aria-label={`Variants of ${step.label}`}>
      {step.variants!.map((v) => (
        <li key={v.variantId} data-testid="review-variant" className={v.forProspect ? 'is-theirs' : undefined}>
          <span className="badge">{variantLetter(v.variantId)}</span> <strong>{v.label}</strong>
          {v.forProspect && <span className="badge badge-accent">{who} gets this one</span>}
          {v.subject && (
            <div>
              <span className="muted">Subject:</span> {v.subject.text || <em>empty</em>}
            </div>
          )}
          <div className="power-message">{v.text.text || <em>empty</em>}</div>
        </li>
      ))}
    </ul>
  );
}

const prospectName = (prospect: Prospect): string => prospect.name?.trim() || 'This prospect';

export function ReviewSends({
  review,
  accountsFailed,
  prospect,
  sampleFields,
}: {
  review: LaunchReview;
  accountsFailed: boolean;
  /** An enrolled prospect the messages are filled in for (as the import's preview does); null: none enrolled yet. */
  prospect: Prospect | null;
  /** The sample prospect's fields, used while nobody is enrolled. */
  sampleFields: Record<string, string>;
}) {
  const values = prospect ? placeholderValues(prospect) : placeholderValues({ customFields: sampleFields });
  const filled = (text: string) => renderSegments(text, values);
  const varied = review.sends.some((s) => s.variants);
  return (
    <>
      <section aria-labelledby="review-sends">
        <h3 id="review-sends">What will be sent</h3>
        {review.sends.some((s) => s.message !== undefined || s.variants) && (
          <p className="muted" data-testid="review-filled-for">
            {prospect
              ? `As ${prospectName(prospect)}, one of the prospects enrolled, will get them.`
              : 'As the sample prospect would get them: nobody is enrolled yet.'}
          </p>
        )}
        {varied && (
          <p className="muted" data-testid="review-variants-for">
            {prospect
              ? `Variants are filled in for ${prospectName(prospect)}, one of the prospects enrolled; each prospect gets one variant of each step, always the same.`
              : 'Variants are filled in for the sample prospect; each prospect gets one variant of each step, always the same.'}
          </p>
        )}
        {review.sends.length === 0 ? (
          <p className="muted">Nothing: this graph has no step that sends.</p>
        ) : (
          <table className="table power-table">
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Content</th>
              </tr>
            </thead>
            <tbody>
              {review.sends.map((s) => (
                <tr key={s.nodeId}>
                  <td>
                    <strong>{s.label}</strong>
                  </td>
                  <td>
                    {s.subject !== undefined && !s.variants && (
                      <div>
                        <span className="muted">Subject:</span> {s.subject ? <FilledText {...filled(s.subject)} /> : <em>empty</em>}
                      </div>
                    )}
                    {s.variants ? (
                      <>
                        {/* An AI step varies its instructions: its message is the same for every variant. */}
                        {variantTextsOf(s.type)?.text !== 'message_template' && s.message !== undefined && (
                          <div className="power-message">{s.message ? <FilledText {...filled(s.message)} /> : <em>empty message</em>}</div>
                        )}
                        <SendVariants step={s} who={prospect ? prospectName(prospect) : 'This prospect'} />
                      </>
                    ) : s.message !== undefined ? (
                      <div className="power-message">{s.message ? <FilledText {...filled(s.message)} /> : <em>empty message</em>}</div>
                    ) : (
                      <div className="muted">{s.summary}</div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="review-senders">
        <h3 id="review-senders">Sent by</h3>
        {accountsFailed && <p className="field-warning">The sender accounts could not be read, so premium seats were not checked.</p>}
        {review.senders && review.senders.length === 0 && <p className="muted">No sender accounts are assigned to this campaign.</p>}
        {review.senders && review.senders.length > 0 && (
          <ul className="power-senders">
            {review.senders.map((s) => (
              <li key={s.accountId}>
                {s.name ?? s.accountId}
                {s.channel && channelBeside(s.name ?? '', s.channel) && (
                  <span className="muted"> · {channelBeside(s.name ?? '', s.channel)}</span>
                )}
                {s.premium && <span className="badge badge-accent">Premium seat</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
