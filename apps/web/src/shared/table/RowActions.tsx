import { Button, Dropdown, Flex } from 'antd';
import { EllipsisOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { request } from '../api/endpoints';
import { ignoreApiError } from '../api/errors';
import { ConfirmButton, useConfirm } from '../confirm';
import { useAllowed } from '../permissions';
import { useUi } from '../ui';
import type { BatchAction, RowAction } from './types';

type AnyAction<T> = RowAction<T> | BatchAction<T>;

/** Runs a row action on its record: its own click handler, or the endpoint it declares. */
function act<T>(action: RowAction<T>, record: T): Promise<unknown> | void {
  return action.call ? request(action.call.endpoint, action.call.input(record) as never) : action.onClick(record);
}

function confirmOf<T>(action: AnyAction<T>): string | undefined {
  if (action.confirmKey === false) return undefined;
  return action.confirmKey ?? (action.danger ? 'common.confirmRemove' : undefined);
}

/** Runs an action, then reloads the list and reports success if the action asked for it. */
export function useRunAction(refresh: () => void) {
  const { message } = useUi();
  const { t } = useTranslation();
  return async (run: () => Promise<unknown> | void, successKey?: string) => {
    const result = run();
    if (result instanceof Promise) {
      await result;
      if (successKey) void message.success(t(successKey));
      refresh();
    }
  };
}

export function ActionButton<T>({
  action,
  target,
  disabled,
  refresh,
  type = 'link',
}: {
  action: AnyAction<T>;
  target: () => Promise<unknown> | void;
  disabled?: boolean;
  refresh: () => void;
  type?: 'link' | 'default' | 'primary';
}) {
  const { t } = useTranslation();
  const runAction = useRunAction(refresh);
  const confirmKey = confirmOf(action);
  const size = type === 'link' ? 'small' : 'middle';
  if (confirmKey) {
    return (
      <ConfirmButton
        labelKey={action.labelKey}
        confirmKey={confirmKey}
        danger={action.danger}
        disabled={disabled}
        type={type}
        size={size}
        onConfirm={() => runAction(target, action.successKey)}
      />
    );
  }
  return (
    <Button
      type={type}
      size={size}
      danger={action.danger}
      disabled={disabled}
      onClick={() => void runAction(target, action.successKey).catch(ignoreApiError)}
    >
      {t(action.labelKey)}
    </Button>
  );
}

/**
 * A record's actions in one compact cell: the first one as a link, the others in a "More actions"
 * menu (docs/web-kits.md, "List pages").
 */
export function RowActions<T>({ record, actions, refresh }: { record: T; actions: RowAction<T>[]; refresh: () => void }) {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const confirm = useConfirm();
  const runAction = useRunAction(refresh);
  const [first, ...more] = actions.filter((action) => allowed(action) && !action.hidden?.(record));
  if (!first) return null;
  const run = (action: RowAction<T>) => runAction(() => act(action, record), action.successKey);
  return (
    <Flex align="center" wrap={false}>
      <ActionButton action={first} target={() => act(first, record)} disabled={first.disabled?.(record)} refresh={refresh} />
      {more.length > 0 ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((action) => ({
              key: action.key,
              label: t(action.labelKey),
              danger: action.danger,
              disabled: action.disabled?.(record),
            })),
            onClick: ({ key }) => {
              const action = more.find((candidate) => candidate.key === key)!;
              const contentKey = confirmOf(action);
              if (contentKey) confirm({ contentKey, danger: action.danger, onOk: () => run(action) });
              else void run(action).catch(ignoreApiError);
            },
          }}
        >
          <Button type="link" size="small" icon={<EllipsisOutlined />} aria-label={t('table.moreActions')} title={t('table.moreActions')} />
        </Dropdown>
      ) : null}
    </Flex>
  );
}
