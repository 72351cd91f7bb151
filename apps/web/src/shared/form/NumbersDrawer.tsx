import { useState, type ReactNode } from 'react';
import { Drawer, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldKey } from '../devices';
import { FormFooter, type FooterAction } from './FormFooter';
import { isApiError } from '../api/errors';
import { NumbersInput } from './NumbersInput';
import { validatedNumbers, withNumbers } from './validatedNumbers';
import { useZodRules } from './zodRules';

/** What a numbers drawer's form holds besides its own fields: the pasted numbers and a remark. */
export interface NumbersValues {
  numbers?: string;
  remark?: string;
}

/**
 * The state of a numbers drawer: its form, the action running (null when none), `read()` (the
 * values and numbers once the fields pass), `refuseNumbers(error)` (a refusal naming numbers, shown
 * under the list) and close, which forgets what was typed (and, through `onReset`, what was checked).
 */
export function useNumbersForm<V extends NumbersValues>(onClose: () => void, onReset?: () => void) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState<string | null>(null);
  const close = () => {
    onReset?.();
    form.resetFields();
    onClose();
  };
  /** Runs one action; the drawer stays open and its buttons wait until it ends. */
  const run = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };
  const read = () => validatedNumbers(form, t, t(fieldKey('numbers')));
  /**
   * "Already out of stock" and the like belong to the list: the server's words and the numbers it
   * names under it, or `said` when the screen words the refusal itself (a number's place in the list).
   */
  const refuseNumbers = (error: unknown, said?: string | null) => {
    if (!isApiError(error) || error.transport) return;
    form.setFields([{ name: 'numbers' as never, errors: [said ?? withNumbers(error.message, error.data)] }]);
  };
  return { form, busy, close, run, read, refuseNumbers };
}

export type NumbersForm<V extends NumbersValues> = ReturnType<typeof useNumbersForm<V>>;

export interface NumbersDrawerProps<V extends NumbersValues> {
  open: boolean;
  title: string;
  /** The form's name, which prefixes its inputs' ids (`recall-battery`). */
  name: string;
  drawer: NumbersForm<V>;
  /** The footer's actions after Cancel. */
  actions: FooterAction[];
  /** The remark under the numbers, checked by the payload's remark schema; no remark when not given. */
  remark?: { schema: z.ZodType; label?: string };
  size?: number;
  onValuesChange?: (changed: Partial<V>, all: V) => void;
  /** Fields before the numbers (a type, a merchant, a station). */
  children?: ReactNode;
  /** Shown under the form (a check's answer). */
  after?: ReactNode;
}

/**
 * A drawer acting on device numbers typed, pasted or read from a CSV file (up to 1,000): the
 * fields of its own, the numbers, a remark, and the footer's actions (docs/web-kits.md, "Forms").
 */
export function NumbersDrawer<V extends NumbersValues>(props: NumbersDrawerProps<V>) {
  const { open, title, name, drawer, actions, remark, size = 560, onValuesChange, children, after } = props;
  const { t } = useTranslation();
  const rules = useZodRules();
  const numbersLabel = t(fieldKey('numbers'));
  const remarkLabel = remark?.label ?? t(fieldKey('remark'));
  return (
    <Drawer
      open={open}
      title={title}
      onClose={drawer.close}
      footer={<FormFooter onCancel={drawer.close} actions={actions} />}
      size={size}
      destroyOnHidden
      mask={{ closable: drawer.busy === null }}
    >
      <Form form={drawer.form} layout="vertical" name={name} onValuesChange={onValuesChange}>
        {children}
        <Form.Item
          name="numbers"
          label={numbersLabel}
          rules={[{ required: true, message: t('validation.required', { field: numbersLabel }) }]}
          extra={t('deviceRegistry.numbersHelp')}
        >
          <NumbersInput />
        </Form.Item>
        {remark ? (
          <Form.Item name="remark" label={remarkLabel} rules={rules(remark.schema, remarkLabel, { emptyValue: '' })}>
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
        ) : null}
      </Form>
      {after}
    </Drawer>
  );
}
