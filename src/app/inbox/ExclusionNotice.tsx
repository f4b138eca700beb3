import { useExclusionsOf } from '../api/exclusions';
import { hrefs } from '../boot/paths';
import { Link } from '../router';

/**
 * Contract 10.3: a person on the do-not-contact list can still write, and you can still answer from the
 * inbox (a person answering is not a campaign); the thread says they are on the list, and why.
 */
export function ExclusionNotice({ profileUrl, name }: { profileUrl: string | null; name: string }) {
  const entries = useExclusionsOf(profileUrl);
  const [first] = entries.data ?? [];
  if (!first) return null;
  return (
    <p className="thread-exclusion" role="note">
      <span className="badge badge-warning">Do not contact</span> {name} is on your{' '}
      <Link to={hrefs.doNotContact()}>do-not-contact list</Link> ({first.reason}): no campaign will contact them. You can still answer here.
    </p>
  );
}
