import { Button } from 'antd';
import { NodeIndexOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Opens a device's trajectory from its detail page. */
export function TrajectoryButton({ kind, id }: { kind: 'vehicle' | 'battery'; id: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!id) return null;
  return (
    <Button icon={<NodeIndexOutlined />} onClick={() => void navigate(`/product/${kind}/trajectory/${id}`)}>
      {t('telemetry.open')}
    </Button>
  );
}
