import { useAccounts } from '../../api/accounts';
import { DEFAULT_WEEKLY_LIMITS } from '../../../domain/contract/accounts';
import { formatCount } from '../../ui/format';
import { SenderLimits } from './SenderLimits';
import { DEFAULT_LIMITS_SENTENCE } from './schedule-words';

/** Contract 9.3, 10.2: the campaign's senders' limits, time zones and warm-ups (per sender account, over every campaign). */
export function DailyLimits({ senderAccountIds, editable }: { senderAccountIds: string[]; editable: boolean }) {
  const { data: accounts, isPending } = useAccounts();
  const senders = (accounts ?? []).filter((a) => senderAccountIds.includes(a.id));
  return (
    <section className="daily-limits" aria-labelledby="daily-limits-title">
      <h3 id="daily-limits-title">Senders’ limits</h3>
      <p className="muted">
        The most each sender does in a day and in any 7 days, over all its campaigns, counted in the sender’s own time zone (UTC unless
        set); past a limit the step waits. By default: {DEFAULT_LIMITS_SENTENCE} a day and{' '}
        {formatCount(DEFAULT_WEEKLY_LIMITS.connection_request)} invitations a week, within what LinkedIn tolerates. A new or quiet account
        can warm up: a few a day at first, more each day.
      </p>
      {isPending ? (
        <p className="muted">Loading the senders…</p>
      ) : senders.length === 0 ? (
        <p className="muted">This campaign has no sender account yet.</p>
      ) : (
        senders.map((account) => <SenderLimits key={account.id} account={account} editable={editable} />)
      )}
    </section>
  );
}
