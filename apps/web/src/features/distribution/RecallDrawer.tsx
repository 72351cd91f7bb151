import { useState } from 'react';
import { Button, Drawer, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { distributionRecall, type DeviceKind } from '@swap/contracts';
import { useZodRules } from '../../shared/form';
import { NumbersInput } from '../../shared/form/NumbersInput';
import { validatedNumbers } from '../../shared/form/validatedNumbers';
import { useConfirm } from '../../shared/confirm';
import { fieldKey } from '../../shared/devices';
import { useRecall } from './useRecall';

/**
 * Recall to stock by numbers (typed, pasted or read from a CSV file), after a question
 * (docs/operation-centre.md, "Distribution": the devices leave their station).
 */
export function RecallDrawer({ kind, open, onClose }: { kind: DeviceKind; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useZodRules();
  const confirm = useConfirm();
  const recall = useRecall(kind);
  const [form] = Form.useForm<{ numbers?: string; remark?: string }>();
  const [busy, setBusy] = useState(false);
  const numbersLabel = t(fieldKey('numbers'));
  const remarkLabel = t(fieldKey('remark'));

  const close = () => {
    form.resetFields();
    onClose();
  };

  const ask = async () => {
    const read = await validatedNumbers(form, t, numbersLabel);
    if (!read) return;
    const { values, numbers } = read;
    confirm({
      titleKey: 'distribution.recallTitle',
      contentKey: 'distribution.confirmRecall',
      contentParams: { count: new Set(numbers).size },
      danger: true,
      onOk: async () => {
        setBusy(true);
        try {
          await recall(numbers, values.remark?.trim() ?? '', (text) => form.setFields([{ name: 'numbers', errors: [text] }]));
          close();
        } finally {
          setBusy(false);
        }
      },
    });
  };

  return (
    <Drawer
      open={open}
      title={t('distribution.recallTitle')}
      onClose={close}
      size={560}
      destroyOnHidden
      mask={{ closable: !busy }}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="primary" danger loading={busy} disabled={busy} onClick={() => void ask()}>
            {t('distribution.recall')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" name={`recall-${kind}`}>
        <Form.Item
          name="numbers"
          label={numbersLabel}
          rules={[{ required: true, message: t('validation.required', { field: numbersLabel }) }]}
          extra={t('deviceRegistry.numbersHelp')}
        >
          <NumbersInput />
        </Form.Item>
        <Form.Item name="remark" label={remarkLabel} rules={rules(distributionRecall.shape.remark, remarkLabel, { emptyValue: '' })}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
