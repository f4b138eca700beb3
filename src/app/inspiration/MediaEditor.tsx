import { useState } from 'react';
import { Field } from './Field';
import { MAX_MEDIA_ITEMS, newMedia, type FieldErrors, type MediaDraft } from './form-model';

const isWebUrl = (u: string) => /^https?:\/\/\S+$/i.test(u.trim());

function Preview({ media, index, onSize }: { media: MediaDraft; index: number; onSize(w: number, h: number): void }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = media.type === 'image' ? media.thumbnailUrl.trim() || media.url.trim() : media.url.trim();
  if (!isWebUrl(src)) return <div className="media-preview media-preview-empty">Preview appears when the URL is filled in.</div>;
  if (failed === src) return <div className="media-preview media-preview-empty">Preview unavailable (the URL did not load).</div>;
  return (
    <div className="media-preview">
      {media.type === 'image' ? (
        <img
          src={src}
          referrerPolicy="no-referrer"
          alt={`Preview of media ${index + 1}`}
          onError={() => setFailed(src)}
          onLoad={(e) => onSize(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight)}
        />
      ) : (
        <video
          src={src}
          poster={isWebUrl(media.thumbnailUrl) ? media.thumbnailUrl.trim() : undefined}
          controls
          muted
          preload="metadata"
          aria-label={`Preview of media ${index + 1}`}
          onError={() => setFailed(src)}
          onLoadedMetadata={(e) => onSize(e.currentTarget.videoWidth, e.currentTarget.videoHeight)}
        />
      )}
    </div>
  );
}

/** Spec 2.6 media items, at most 4: type, URL, thumbnail, width, height — with a live preview. */
export function MediaEditor({
  formId,
  media,
  errors,
  onChange,
}: {
  formId: string;
  media: MediaDraft[];
  errors: FieldErrors;
  onChange(media: MediaDraft[]): void;
}) {
  const [detected, setDetected] = useState<Record<number, [number, number]>>({});
  const update = (i: number, patch: Partial<MediaDraft>) => onChange(media.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  return (
    <fieldset className="media-editor">
      <legend>
        Media ({media.length}/{MAX_MEDIA_ITEMS})
      </legend>
      {errors.media && <p className="field-error">{errors.media}</p>}
      {media.map((m, i) => {
        const p = `media.${i}`;
        const size = detected[m.key];
        const canUseSize = size && size[0] > 0 && (String(size[0]) !== m.width || String(size[1]) !== m.height);
        return (
          <div key={m.key} className="media-item" role="group" aria-label={`Media ${i + 1}`}>
            <div className="media-fields">
              <Field formId={formId} path={`${p}.type`} label="Type" error={errors[`${p}.type`]} className="media-type">
                {(a) => (
                  <select
                    className="input input-sm"
                    value={m.type}
                    onChange={(e) => update(i, { type: e.target.value as MediaDraft['type'] })}
                    {...a}
                  >
                    <option value="image">Image</option>
                    <option value="video">Video</option>
                  </select>
                )}
              </Field>
              <Field formId={formId} path={`${p}.url`} label="URL" error={errors[`${p}.url`]} className="media-url">
                {(a) => (
                  <input
                    className="input input-sm"
                    type="url"
                    inputMode="url"
                    placeholder="https://…"
                    value={m.url}
                    onChange={(e) => update(i, { url: e.target.value })}
                    {...a}
                  />
                )}
              </Field>
              <Field
                formId={formId}
                path={`${p}.thumbnailUrl`}
                label="Thumbnail URL (optional)"
                error={errors[`${p}.thumbnailUrl`]}
                className="media-url"
              >
                {(a) => (
                  <input
                    className="input input-sm"
                    type="url"
                    inputMode="url"
                    placeholder="https://…"
                    value={m.thumbnailUrl}
                    onChange={(e) => update(i, { thumbnailUrl: e.target.value })}
                    {...a}
                  />
                )}
              </Field>
              <Field formId={formId} path={`${p}.width`} label="Width (px)" error={errors[`${p}.width`]} className="media-size">
                {(a) => (
                  <input
                    className="input input-sm"
                    inputMode="numeric"
                    value={m.width}
                    onChange={(e) => update(i, { width: e.target.value })}
                    {...a}
                  />
                )}
              </Field>
              <Field formId={formId} path={`${p}.height`} label="Height (px)" error={errors[`${p}.height`]} className="media-size">
                {(a) => (
                  <input
                    className="input input-sm"
                    inputMode="numeric"
                    value={m.height}
                    onChange={(e) => update(i, { height: e.target.value })}
                    {...a}
                  />
                )}
              </Field>
            </div>
            <div className="media-side">
              <Preview media={m} index={i} onSize={(w, h) => setDetected((d) => ({ ...d, [m.key]: [w, h] }))} />
              {canUseSize && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => update(i, { width: String(size[0]), height: String(size[1]) })}
                >
                  Use {size[0]}×{size[1]}
                </button>
              )}
              <button
                type="button"
                className="btn btn-ghost btn-sm btn-danger"
                onClick={() => onChange(media.filter((_, j) => j !== i))}
                aria-label={`Remove media ${i + 1}`}
              >
                Remove
              </button>
            </div>
          </div>
        );
      })}
      <button
        type="button"
        className="btn btn-sm"
        disabled={media.length >= MAX_MEDIA_ITEMS}
        onClick={() => onChange([...media, newMedia()])}
      >
        + Add media
      </button>
      {media.length >= MAX_MEDIA_ITEMS && <span className="field-help"> At most {MAX_MEDIA_ITEMS} media items.</span>}
    </fieldset>
  );
}
