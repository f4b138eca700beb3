import { fullTime, relativeTime } from './format';

/** A time said relatively ("5 min ago"), the full date and time on hover and for machines. */
export function RelativeTime({ iso, now, className }: { iso: string; now?: number; className?: string }) {
  return (
    <time className={className} dateTime={iso} title={fullTime(iso)}>
      {relativeTime(iso, now)}
    </time>
  );
}
