import { useState } from 'react';
import { Alert, Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { ignoreApiError } from '../api/errors';
import { fieldKey } from '../devices';
import { STATUS_COLORS, StatusTag, type StatusMap } from '../StatusTag';
import { NumbersDrawer, useNumbersForm, type NumbersDrawerProps, type NumbersValues } from './NumbersDrawer';

/** One number of a check's answer: its status (ready or not) and, when refused, why. */
export interface CheckedNumber {
  number: string;
  status: string;
  reason?: string | null;
}

export interface CheckAnswer {
  items: readonly CheckedNumber[];
}

export interface CheckedBatchOptions<V extends NumbersValues, R extends CheckAnswer> {
  onClose: () => void;
  /** The status of a number the confirmation takes (`NEW`, `READY`). */
  readyStatus: string;
  /** Asks the server about each number; nothing changes yet. */
  check: (values: V, numbers: string[]) => Promise<R>;
  /** Acts on the ready numbers with the values they were checked with; tells the user what was done. */
  confirm: (values: V, ready: string[]) => Promise<void>;
  /** A refusal of the check or the confirmation, before it is notified (to show it under a field). */
  onRefused?: (error: unknown) => void;
}

/**
 * Check, then confirm: the numbers and the drawer's fields are checked by the server, which
 * answers each number ready or refused; the confirmation then acts on the ready ones only, with
 * the values they were checked with. Any change of the form forgets the check.
 */
export function useCheckedBatch<V extends NumbersValues, R extends CheckAnswer>(options: CheckedBatchOptions<V, R>) {
  const [checked, setChecked] = useState<{ values: V; result: R } | null>(null);
  const drawer = useNumbersForm<V>(options.onClose, () => setChecked(null));
  const ready = checked?.result.items.filter((item) => item.status === options.readyStatus).map((item) => item.number) ?? [];

  const refused = (error: unknown) => {
    options.onRefused?.(error);
    ignoreApiError(error);
  };

  const check = async () => {
    const read = await drawer.read();
    if (!read) return;
    await drawer.run('check', async () => {
      try {
        setChecked({ values: read.values, result: await options.check(read.values, read.numbers) });
      } catch (error) {
        refused(error);
      }
    });
  };

  const confirm = async () => {
    if (!checked || ready.length === 0) return;
    await drawer.run('confirm', async () => {
      try {
        await options.confirm(checked.values, ready);
        drawer.close();
      } catch (error) {
        refused(error);
      }
    });
  };

  return {
    ...drawer,
    checked,
    ready,
    check,
    confirm,
    /** Forgets the check (the form changed). */
    reset: () => setChecked(null),
    /** A refusal that answers each number anew (a number taken meanwhile): shown in place of the check's answer. */
    replaceResult: (result: R) => setChecked((before) => (before ? { ...before, result } : before)),
  };
}

export type CheckedBatch<V extends NumbersValues, R extends CheckAnswer> = ReturnType<typeof useCheckedBatch<V, R>>;

export interface CheckThenConfirmDrawerProps<V extends NumbersValues, R extends CheckAnswer> extends Omit<
  NumbersDrawerProps<V>,
  'drawer' | 'actions' | 'after'
> {
  batch: CheckedBatch<V, R>;
  /** The confirmation's label, naming how many numbers are ready ("Distribute 3 ready"). */
  confirmLabel: string;
  /** Each number's status as a tag. */
  statusMap: StatusMap;
  /** The answer's summary: whether every number is ready, its title, and what is done when not. */
  summary: (result: R) => { clean: boolean; title: string; description: string };
}

/** The drawer of a check-then-confirm action: Cancel, Check and the confirmation, then each number's answer. */
export function CheckThenConfirmDrawer<V extends NumbersValues, R extends CheckAnswer>(props: CheckThenConfirmDrawerProps<V, R>) {
  const { batch, confirmLabel, statusMap, summary, onValuesChange, size = 640, ...rest } = props;
  const { t } = useTranslation();
  return (
    <NumbersDrawer<V>
      {...rest}
      size={size}
      drawer={batch}
      onValuesChange={(changed, all) => {
        batch.reset();
        onValuesChange?.(changed, all);
      }}
      actions={[
        {
          key: 'check',
          label: t('deviceRegistry.check'),
          onClick: () => void batch.check(),
          loading: batch.busy === 'check',
          disabled: batch.busy !== null,
        },
        {
          key: 'confirm',
          label: confirmLabel,
          primary: true,
          onClick: () => void batch.confirm(),
          loading: batch.busy === 'confirm',
          disabled: batch.busy !== null || batch.ready.length === 0,
        },
      ]}
      after={
        batch.checked ? <CheckResult result={batch.checked.result} statusMap={statusMap} summary={summary(batch.checked.result)} /> : null
      }
    />
  );
}

/** The check's answer: its summary, then each number with its status and, when refused, why. */
function CheckResult({
  result,
  statusMap,
  summary,
}: {
  result: CheckAnswer;
  statusMap: StatusMap;
  summary: { clean: boolean; title: string; description: string };
}) {
  const { t } = useTranslation();
  const colors = STATUS_COLORS[summary.clean ? 'success' : 'warning'];
  return (
    <Flex vertical gap={12}>
      <Alert
        type={summary.clean ? 'success' : 'warning'}
        // The theme's darker warning seed makes antd's derived background too dark: the fixed status colours instead.
        style={{ background: colors.background, borderColor: colors.border }}
        showIcon
        title={summary.title}
        description={summary.clean ? undefined : summary.description}
      />
      <Table<CheckedNumber & { row: number }>
        size="small"
        rowKey="row"
        dataSource={result.items.map((item, row) => ({ ...item, row }))}
        pagination={{ pageSize: 20, showTotal: (total) => t('table.total', { total }), showSizeChanger: false }}
        columns={[
          { key: 'number', title: t(fieldKey('number')), dataIndex: 'number' },
          {
            key: 'status',
            title: t('deviceRegistry.checkStatus'),
            render: (_v, item) => <StatusTag value={item.status} map={statusMap} />,
          },
          { key: 'reason', title: t(fieldKey('reason')), render: (_v, item) => item.reason ?? '' },
        ]}
      />
    </Flex>
  );
}
