import { useDeleteProspect, useProspect, type ProspectDetail as Detail } from '../api/prospects';
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

/** A prospect's fields, custom fields and campaigns, and deleting it. */
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
        (running.length
          ? `${title} is in ${running.map((c) => `“${c.name}”`).join(', ')}: nothing more will be sent to them there. `
          : '') + 'Their fields and their place in every campaign are removed from your audience. This cannot be undone.',
      confirmLabel: 'Delete prospect',
      danger: true,
    });
    if (!yes) return;
    remove.mutate(prospectId, {
      onSuccess: () => {
        toast.success(`${title} was deleted.`);
        onClose();
      },
      onError: (e) => toast.error(`${title} could not be deleted: ${e.message}`),
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
        <button type="button" className="btn btn-sm btn-danger" disabled={remove.isPending} onClick={() => void onDelete()}>
          {remove.isPending ? 'Deleting…' : 'Delete prospect'}
        </button>
      </div>
    </article>
  );
}
