import { useId } from 'react';
import { useAudienceCheck, type AudienceCheck } from '../../api/exclusions';
import { hrefs } from '../../boot/paths';
import { Link } from '../../router';
import { formatCount } from '../../ui/format';

/** Names shown per list before "and N more". */
const SHOWN = 5;

const who = (p: { name: string | null; profileUrl: string }) => p.name ?? p.profileUrl.replace(/^https?:\/\/(www\.)?/i, '');

/** "12 of your 300 prospects are on the do-not-contact list and will be skipped." */
export function excludedSentence(check: AudienceCheck): string {
  const n = check.excluded.count;
  return `${formatCount(n)} of your ${formatCount(check.enrolled)} prospects ${n === 1 ? 'is' : 'are'} on the do-not-contact list and will be skipped.`;
}

/** "3 of your 300 prospects have a profile link that is not LinkedIn or WhatsApp: nobody can contact them." */
export function unsupportedSentence(check: AudienceCheck): string {
  const n = check.unsupportedProfiles.count;
  return `${formatCount(n)} of your ${formatCount(check.enrolled)} prospects ${n === 1 ? 'has a profile link' : 'have profile links'} that ${n === 1 ? 'is' : 'are'} not LinkedIn or WhatsApp: nobody can contact them.`;
}

function More({ count }: { count: number }) {
  return count > SHOWN ? <li className="muted">…and {formatCount(count - SHOWN)} more.</li> : null;
}

/**
 * The launch review's audience (contract 10.3): who of the campaign's prospects will be skipped for
 * the do-not-contact list, and whose profile link no one can reach. Nothing is said when all is well.
 */
export function ReviewAudience({ campaignId }: { campaignId: string }) {
  const id = useId();
  const check = useAudienceCheck(campaignId);
  if (!check.data) return null;
  const { excluded, unsupportedProfiles } = check.data;
  if (excluded.count === 0 && unsupportedProfiles.count === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="power-review-audience">
      <h3 id={`${id}-title`}>Who will not be contacted</h3>
      {excluded.count > 0 && (
        <>
          <p data-testid="review-excluded">{excludedSentence(check.data)}</p>
          <ul className="power-review-people">
            {excluded.items.slice(0, SHOWN).map((p) => (
              <li key={p.prospectId}>
                {who(p)} <span className="muted">— {p.entry.reason}</span>
              </li>
            ))}
            <More count={excluded.count} />
          </ul>
          <p className="muted">
            Change the <Link to={hrefs.doNotContact()}>do-not-contact list</Link> to contact them after all.
          </p>
        </>
      )}
      {unsupportedProfiles.count > 0 && (
        <>
          <p data-testid="review-unsupported">{unsupportedSentence(check.data)}</p>
          <ul className="power-review-people">
            {unsupportedProfiles.items.slice(0, SHOWN).map((p) => (
              <li key={p.prospectId}>
                {who(p)} <span className="muted">— {p.profileUrl}</span>
              </li>
            ))}
            <More count={unsupportedProfiles.count} />
          </ul>
        </>
      )}
    </section>
  );
}
