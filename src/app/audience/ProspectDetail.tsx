import { useState } from 'react';
import { ERROR_CODES } from '../../domain/contract/errors';
import { useAddExclusion, useExclusionsOf } from '../api/exclusions';
import { ApiProblem } from '../api/http';
import { useDeleteProspect, useProspect, type ProspectDetail as Detail } from '../api/prospects';
import { reasonProblem } from './do-not-contact/entries';
import { Link } from '../router';
import { Avatar } from '../ui/Avatar';
import { askConfirm } from '../ui/confirm';
import { formatCount } from '../ui/format';
import { ErrorState, SkeletonRows } from '../ui/StateViews';
import { RelativeTime } from '../ui/Time';
import { toast } from '../ui/toast';
import { PROSPECT_FIELD_LABEL } from './import/columns';
import { ENROLLMENT_STATUS_LABEL } from '../ui/enrollment-status';
import { ENROLLMENT_STATUS_TONE } from './labels';
import { shortProfile } from './ProspectList';
import { timeZoneLabel } from '../../domain/time-zones';
import { hrefs } from '../boot/paths';

const SHOWN_FIELDS = ['headline', 'company', 'email', 'timeZone'] as const;

const isStatus = (s: string): s is keyof typeof ENROLLMENT_STATUS_LABEL => s in ENROLLMENT_STATUS_LABEL;

function Fields({ prospect }: { prospect: Detail }) {
  const custom = Object.entries(prospect.customFields);
  return (
    <>
      <dl className="prospect-fields">
        <div className="prospect-field">
          <dt>{PROSPECT_FIELD_LABEL.profileUrl}</dt>
          <dd>
            <a href={prospect.profileUrl} target="_blank" rel="noreferrer noopener">
              {shortProfile(prospect.profileUrl)}
            </a>
          </dd>
        </div>
        {SHOWN_FIELDS.map((field) => (
          <div key={field} className="prospect-field">
            <dt>{PROSPECT_FIELD_LABEL[field]}</dt>
            <dd className={prospect[field] ? undefined : 'muted'}>
              {field === 'timeZone' && prospect.timeZone ? timeZoneLabel(prospect.timeZone) : (prospect[field] ?? 'Not known')}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="prospect-section">Custom fields</h3>
      {custom.length === 0 ? (
        <p className="muted">
          None. Columns of an import you keep as custom fields show here, and fill placeholders such as {'{{firstName}}'}.
        </p>
      ) : (
        <dl className="prospect-fields prospect-custom">
          {custom.map(([key, value]) => (
            <div key={key} className="prospect-field">
              <dt>
                <code>{`{{${key}}}`}</code>
              </dt>
              <dd>{typeof value === 'boolean' ? (value ? 'Yes' : 'No') : typeof value === 'number' ? formatCount(value) : value}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}

/** Whether the person is on the do-not-contact list (and why), or a way to put them there. */
function DoNotContact({ profileUrl, title }: { profileUrl: string; title: string }) {
  const entries = useExclusionsOf(profileUrl);
  const add = useAddExclusion();
  const [reason, setReason] = useState<string | null>(null);
  if (entries.isPending || entries.isError) return null;
  const [first] = entries.data;
  if (first)
    return (
      <p className="prospect-dnc" role="status">
        <span className="badge badge-warning">Do not contact</span> {first.reason} (
        <Link to={hrefs.doNotContact()}>the do-not-contact list</Link>): no campaign will contact {title}.
      </p>
    );
  if (reason === null)
    return (
      <button type="button" className="btn btn-sm btn-ghost" onClick={() => setReason('')}>
        Don’t contact again
      </button>
    );
  const problem = reasonProblem(reason);
  return (
    <form
      className="prospect-dnc-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (problem) return;
        add.mutate(
          { kind: 'profile', value: profileUrl, reason: reason.trim() },
          {
            onSuccess: () => toast.success(`${title} is on the do-not-contact list: running campaigns stop before their next step.`),
            onError: (err) => toast.error(`${title} could not be added to the list: ${err.message}`),
          },
        );
      }}
    >
      <label>
        <span className="dnc-label">Why should nobody contact {title}?</span>
        <input className="input input-sm" value={reason} maxLength={250} onChange={(e) => setReason(e.target.value)} />
      </label>
      <button type="submit" className="btn btn-sm" disabled={problem !== null || add.isPending}>
        Add to the do-not-contact list
      </button>
      <button type="button" className="btn btn-sm btn-ghost" onClick={() => setReason(null)}>
        Cancel
      </button>
    </form>
  );
}

/** A prospect's fields, custom fields and campaigns, and deleting it (contract 10.3: not while a campaign runs it). */
export function ProspectDetail({ prospectId, onClose }: { prospectId: string; onClose(): void }) {
  const query = useProspect(prospectId);
  const remove = useDeleteProspect();
  if (query.isPending) return <SkeletonRows count={4} label="Loading the prospect" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} what="this prospect" />;
  const prospect = query.data;
  const title = prospect.name ?? shortProfile(prospect.profileUrl);
  const running = prospect.campaigns.filter((c) => c.status === 'waiting' || c.status === 'active');
  const onDelete = async () => {
    const yes = await askConfirm({
      title: `Delete ${title}?`,
      message:
        'Their fields, their place in every campaign and their timelines are removed from your audience. Campaign counts keep them, and ' +
        'their conversations stay in the inbox. This cannot be undone.',
      confirmLabel: 'Delete prospect',
      danger: true,
    });
    if (!yes) return;
    remove.mutate(prospectId, {
      onSuccess: () => {
        toast.success(`${title} was deleted.`);
        onClose();
      },
      onError: (e) =>
        toast.error(
          e instanceof ApiProblem && e.code === ERROR_CODES.prospect_enrolled
            ? `${title} was not deleted: ${e.message}`
            : `${title} could not be deleted: ${e.message}`,
        ),
    });
  };
  return (
    <article className="prospect-detail" aria-labelledby="prospect-title">
      <header className="prospect-head">
        <button type="button" className="btn btn-sm btn-ghost prospect-back" onClick={onClose}>
          ← All prospects
        </button>
        <Avatar name={title} url={null} size={48} />
        <div className="prospect-head-text">
          <h2 id="prospect-title">{title}</h2>
          {prospect.headline && <p className="muted">{prospect.headline}</p>}
        </div>
      </header>
      <Fields prospect={prospect} />
      <h3 className="prospect-section">Campaigns</h3>
      {prospect.campaigns.length === 0 ? (
        <p className="muted">Not in any campaign yet.</p>
      ) : (
        <ul className="prospect-campaigns">
          {prospect.campaigns.map((c) => (
            <li key={c.enrollmentId}>
              <Link to={hrefs.editor(c.campaignId)}>{c.name}</Link>
              {isStatus(c.status) && (
                <span className={`badge ${ENROLLMENT_STATUS_TONE[c.status]}`}>{ENROLLMENT_STATUS_LABEL[c.status]}</span>
              )}
              <span className="muted">
                added <RelativeTime iso={c.enteredAt} />
              </span>
              {c.status !== 'waiting' && (
                <Link to={hrefs.editor(c.campaignId, { prospect: prospect.profileUrl })} aria-label={`Timeline in “${c.name}”`}>
                  Timeline
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="muted prospect-dates">
        In your audience since <RelativeTime iso={prospect.createdAt} />, last changed <RelativeTime iso={prospect.updatedAt} />.
      </p>
      <div className="prospect-actions">
        <DoNotContact profileUrl={prospect.profileUrl} title={title} />
        {running.length > 0 ? (
          <p className="muted prospect-delete-note">
            {title} can be deleted once {running.map((c) => `“${c.name}”`).join(', ')} {running.length === 1 ? 'is' : 'are'} done with them
            (or stopped).
          </p>
        ) : (
          <button type="button" className="btn btn-sm btn-danger" disabled={remove.isPending} onClick={() => void onDelete()}>
            {remove.isPending ? 'Deleting…' : 'Delete prospect'}
          </button>
        )}
      </div>
    </article>
  );
}
