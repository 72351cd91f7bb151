import { useRef } from 'react';
import { Button, Flex, Input } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { parseCsvNumbers, parsePastedNumbers } from './numbers';
import { Text } from '../Text';

export interface NumbersInputProps {
  /** Injected by Form.Item: the text as typed, one number per line once a file was read. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

/** The accessibility wiring Form.Item hands its input (aria-describedby naming the field's error, aria-invalid). */
type Aria = Record<`aria-${string}`, string>;

/**
 * Device numbers pasted into a text area or read from a CSV file (first column), with a live count;
 * the text area carries the field's accessibility wiring, so a screen reader reads its error.
 */
export function NumbersInput({ id, value = '', onChange, disabled, ...aria }: NumbersInputProps & Aria) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const count = parsePastedNumbers(value).length;

  const readFile = async (picked: File | undefined) => {
    if (!picked) return;
    const numbers = parseCsvNumbers(await picked.text());
    onChange?.(numbers.join('\n'));
    if (file.current) file.current.value = '';
  };

  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        {...aria}
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        rows={8}
        disabled={disabled}
        placeholder={t('deviceRegistry.numbersPlaceholder')}
        spellCheck={false}
      />
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Button icon={<UploadOutlined />} onClick={() => file.current?.click()} disabled={disabled}>
          {t('deviceRegistry.pickCsv')}
        </Button>
        <Text type="secondary" aria-live="polite">
          {t('deviceRegistry.numberCount', { count })}
        </Text>
      </Flex>
      <input
        ref={file}
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        style={{ display: 'none' }}
        aria-label={t('deviceRegistry.pickCsv')}
        onChange={(event) => void readFile(event.target.files?.[0])}
      />
    </Flex>
  );
}
