import { useCallback, type ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ignoreApiError } from './api/errors';
import { Can } from './Can';
import { openDialog } from './dialogs';

export interface ConfirmOptions {
  /** Defaults to common.confirmTitle. */
  titleKey?: string;
  /** Defaults to common.confirmAction. */
  contentKey?: string;
  contentParams?: Record<string, unknown>;
  danger?: boolean;
  /** Runs on OK; the OK button spins until the promise settles and the dialog stays open on failure. */
  onOk: () => Promise<unknown> | void;
}

/** A confirm dialog for destructive actions and commands sent to a device. */
export function useConfirm(): (options: ConfirmOptions) => void {
  const { t } = useTranslation();
  return useCallback(
    (options: ConfirmOptions) => {
      void openDialog('confirm', {
        title: t(options.titleKey ?? 'common.confirmTitle'),
        content: t(options.contentKey ?? 'common.confirmAction', options.contentParams),
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        okButtonProps: { danger: options.danger },
        onOk: async () => {
          // The client already reported a failed call; the dialog just closes.
          await Promise.resolve(options.onOk()).catch(ignoreApiError);
        },
      });
    },
    [t],
  );
}

export interface ConfirmButtonProps {
  labelKey: string;
  /** Question shown before acting; defaults to common.confirmRemove for danger buttons. */
  confirmKey?: string;
  confirmParams?: Record<string, unknown>;
  onConfirm: () => Promise<unknown> | void;
  /** Permission code: without it the button is not rendered. */
  code?: string | readonly string[];
  danger?: boolean;
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
  icon?: ReactNode;
  disabled?: boolean;
}

/**
 * A button that asks first (the confirm dialog, whose OK spins while the action runs). A dialog
 * rather than a popover: list pages then carry no popover confirm code.
 */
export function ConfirmButton({
  labelKey,
  confirmKey,
  confirmParams,
  onConfirm,
  code,
  danger,
  type = 'link',
  size = 'small',
  icon,
  disabled,
}: ConfirmButtonProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const question = confirmKey ?? (danger ? 'common.confirmRemove' : 'common.confirmAction');
  return (
    <Can code={code}>
      <Button
        type={type}
        size={size}
        danger={danger}
        icon={icon}
        disabled={disabled}
        onClick={() => confirm({ contentKey: question, contentParams: confirmParams, danger, onOk: onConfirm })}
      >
        {t(labelKey)}
      </Button>
    </Can>
  );
}
