import type { Channel } from '../api/accounts';
import { CHANNEL_LABEL } from '../api/accounts';

/** The channel's mark: "in" on LinkedIn blue, a speech bubble on WhatsApp green. */
export function ChannelIcon({ channel, labelled = false }: { channel: Channel; labelled?: boolean }) {
  return (
    <span
      className={`channel-icon channel-${channel}`}
      title={CHANNEL_LABEL[channel]}
      role={labelled ? 'img' : undefined}
      aria-label={labelled ? CHANNEL_LABEL[channel] : undefined}
      aria-hidden={labelled ? undefined : true}
    >
      {channel === 'professional_network' ? 'in' : '✆'}
    </span>
  );
}
