import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';

/** One button of a form's footer. */
export interface FooterAction {
  key: string;
  label: string;
  onClick: () => void;
  /** This action is running (its button spins). */
  loading?: boolean;
  disabled?: boolean;
  primary?: boolean;
  danger?: boolean;
}

/** A form's footer: Cancel, then the form's actions, the main one last (docs/web-kits.md, "Forms"). */
export function FormFooter({ onCancel, actions }: { onCancel: () => void; actions: FooterAction[] }) {
  const { t } = useTranslation();
  return (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      {actions.map((action) => (
        <Button
          key={action.key}
          type={action.primary ? 'primary' : undefined}
          danger={action.danger}
          loading={action.loading}
          disabled={action.disabled}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ))}
    </Flex>
  );
}
