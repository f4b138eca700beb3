import { memo, useState } from 'react';
import { initials } from './format';
import { isLoadableMediaUrl, MEDIA_IMG_PROPS } from './media';

/** A round picture, or the person's initials when there is none (or it fails to load). Decorative: the name is beside it. */
export const Avatar = memo(function Avatar({ name, url, size = 36 }: { name: string; url: string | null | undefined; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  if (!failed && isLoadableMediaUrl(url))
    return <img className="avatar" src={url} alt="" style={style} {...MEDIA_IMG_PROPS} onError={() => setFailed(true)} />;
  return (
    <span className="avatar avatar-initials" aria-hidden="true" style={style}>
      {initials(name)}
    </span>
  );
});
