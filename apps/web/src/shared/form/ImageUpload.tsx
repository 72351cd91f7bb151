import { useEffect, useState } from 'react';
import { Button, Flex, Image, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, fileApi, type AnswerOf } from '@swap/contracts';
import { api, authClient } from '../api/client';
import { ignoreApiError } from '../api/errors';
import { useUi } from '../ui';
import { useFileUrl } from '../useFileUrl';
import type { ImageUploadEndpoint } from './types';

export interface ImageUploadProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The multipart upload answering the stored file (fileApi.upload when not given). */
  upload?: ImageUploadEndpoint;
  /** Text fields sent before the file. */
  uploadFields?: Record<string, string>;
  label: string;
  fileUrl?: (id: number) => string;
  /** The download (query `id`) that streams a stored file with the session's headers. */
  download?: typeof fileApi.download;
  disabled?: boolean;
}

/** An image field: uploads at once and keeps the stored file's id as the value. */
export function ImageUpload({
  id,
  value,
  onChange,
  upload: uploadEndpoint = fileApi.upload,
  uploadFields,
  label,
  fileUrl,
  download,
  disabled,
}: ImageUploadProps) {
  const { t } = useTranslation();
  const { message } = useUi();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const upload = async (file: File) => {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      void message.error(t('form.imageType'));
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      void message.error(t('form.imageSize'));
      return;
    }
    setBusy(true);
    try {
      // The sign-up page's documents go to the public /api/auth upload, the rest to the back-office's.
      const client = 'base' in uploadEndpoint && uploadEndpoint.base === 'auth' ? authClient : api;
      const stored = await client.upload<AnswerOf<typeof uploadEndpoint>>(uploadEndpoint.path, file, uploadFields);
      setPreview(URL.createObjectURL(file));
      onChange?.(stored.id);
    } catch (error) {
      ignoreApiError(error);
    } finally {
      setBusy(false);
    }
  };

  const hasValue = value !== null && value !== undefined;
  const stored = useFileUrl(preview ? undefined : download, value);
  const src = preview ?? stored.url ?? (hasValue && fileUrl ? fileUrl(value) : null);
  return (
    <Flex gap={12} align="center" wrap>
      {src ? <Image src={src} alt={t('form.imageAlt', { field: label })} width={96} height={96} style={{ objectFit: 'cover' }} /> : null}
      {hasValue && !src ? <span>{t('form.fileStored', { id: value })}</span> : null}
      <Upload
        accept={IMAGE_TYPES.join(',')}
        showUploadList={false}
        disabled={disabled || busy}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button id={id} icon={<UploadOutlined />} loading={busy} disabled={disabled}>
          {busy ? t('form.uploading') : t('form.upload')}
        </Button>
      </Upload>
      {hasValue && !disabled ? (
        <Button
          icon={<DeleteOutlined />}
          aria-label={t('form.removeFile', { field: label })}
          title={t('form.removeFile', { field: label })}
          onClick={() => {
            setPreview(null);
            onChange?.(null);
          }}
        />
      ) : null}
    </Flex>
  );
}
