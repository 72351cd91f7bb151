import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ignoreApiError } from '../api/errors';
import { ConfirmButton } from '../confirm';
import { useCan } from '../permissions';
import { useUi } from '../ui';
import type { BatchAction, RowAction } from './types';

type AnyAction<T> = RowAction<T> | BatchAction<T>;

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

export function RowActions<T>({ record, actions, refresh }: { record: T; actions: RowAction<T>[]; refresh: () => void }) {
  const can = useCan();
  const visible = actions.filter((action) => can(action.code) && !action.hidden?.(record));
  return (
    <Flex wrap>
      {visible.map((action) => (
        <ActionButton
          key={action.key}
          action={action}
          target={() => action.onClick(record)}
          disabled={action.disabled?.(record)}
          refresh={refresh}
        />
      ))}
    </Flex>
  );
}
