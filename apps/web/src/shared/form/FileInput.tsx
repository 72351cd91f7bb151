import { Button, Flex, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../format';

export interface FileInputProps {
  id?: string;
  value: File | null;
  onChange: (file: File | null) => void;
  accept?: string | undefined;
  label: string;
  disabled?: boolean;
}

/**
 * A file chosen on this computer, kept as it is until the form is sent: the form's submit uploads it
 * with the other fields (a firmware image and its version), so nothing is stored before the save.
 */
export function FileInput({ id, value, onChange, accept, label, disabled, ...aria }: FileInputProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} align="center" wrap>
      <Upload
        accept={accept}
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          onChange(file);
          return false;
        }}
      >
        <Button id={id} icon={<PaperClipOutlined />} disabled={disabled} {...aria}>
          {t('form.chooseFile')}
        </Button>
      </Upload>
      {value ? (
        <>
          <Typography.Text>{t('form.fileChosen', { name: value.name, size: formatFileSize(value.size) })}</Typography.Text>
          {disabled ? null : (
            <Button
              icon={<DeleteOutlined />}
              aria-label={t('form.removeFile', { field: label })}
              title={t('form.removeFile', { field: label })}
              onClick={() => onChange(null)}
            />
          )}
        </>
      ) : null}
    </Flex>
  );
}
