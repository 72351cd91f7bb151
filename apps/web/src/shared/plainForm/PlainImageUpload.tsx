import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@swap/contracts';
import { upload } from '../api/endpoints';
import { isApiError } from '../api/errors';
import type { ImageUploadEndpoint } from '../form/types';
import { FieldFrame, describedBy, type FieldFrameProps } from './PlainField';

export interface PlainImageUploadProps extends FieldFrameProps {
  /** The stored file's id, null while none is uploaded. */
  value: number | null;
  onChange: (value: number | null) => void;
  /** The multipart upload answering the stored file (the sign-up page's public one, say). */
  endpoint: ImageUploadEndpoint;
  onBlur?: () => void;
}

/**
 * An image field without a UI library: a button opens the file chooser, the image is checked (type,
 * size) and uploaded at once, its preview shown, and the field holds the stored file's id. A refusal
 * (wrong type, too large, the server's answer) is the field's error, in the user's language.
 */
export function PlainImageUpload({ id, label, error, help, value, onChange, endpoint, onBlur }: PlainImageUploadProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setRefusal(null);
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return setRefusal(t('form.imageType'));
    if (file.size > IMAGE_MAX_BYTES) return setRefusal(t('form.imageSize'));
    setBusy(true);
    try {
      const stored = await upload(endpoint, file, {}, { quiet: () => true });
      setPreview(URL.createObjectURL(file));
      onChange(stored.id);
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      setRefusal(failure.message);
    } finally {
      setBusy(false);
      onBlur?.();
    }
  };

  const shown = refusal ?? error ?? null;
  const frame = { id, label, error: shown, help };
  const hasValue = value !== null;
  return (
    <FieldFrame
      {...frame}
      control={
        <div className="field-upload">
          {preview && hasValue ? (
            <img className="field-preview" src={preview} alt={t('form.imageAlt', { field: label })} width={96} height={96} />
          ) : null}
          <input
            ref={input}
            type="file"
            hidden
            tabIndex={-1}
            accept={IMAGE_TYPES.join(',')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              void choose(file);
            }}
          />
          <button
            id={id}
            type="button"
            className="plain-button"
            aria-labelledby={`${id}-label ${id}`}
            aria-describedby={describedBy(frame)}
            aria-invalid={shown ? true : undefined}
            aria-busy={busy}
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {busy ? <span className="spinner spinner-small spinner-dark" aria-hidden="true" /> : null}
            {busy ? t('form.uploading') : t('form.upload')}
          </button>
          {hasValue && !busy ? (
            <button
              type="button"
              className="plain-button plain-button-text"
              onClick={() => {
                setPreview(null);
                onChange(null);
              }}
            >
              {t('form.removeFile', { field: label })}
            </button>
          ) : null}
        </div>
      }
    />
  );
}
