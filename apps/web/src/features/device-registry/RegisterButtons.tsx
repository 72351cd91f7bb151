import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceKind } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { deviceCodes } from '../../shared/devices';

// The batch drawer (result table, file reading) loads the first time it opens.
const BatchRegisterDrawer = lazy(async () => ({ default: (await import('./BatchRegisterDrawer')).BatchRegisterDrawer }));

/** "Add" (one device, in the kind's form) and "Batch register" on a device list's title bar. */
export function RegisterButtons({ kind, onAdd }: { kind: DeviceKind; onAdd: () => void }) {
  const { t } = useTranslation();
  const [batch, setBatch] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <Can code={deviceCodes(kind).add}>
      <Button
        icon={<UnorderedListOutlined />}
        onClick={() => {
          setUsed(true);
          setBatch(true);
        }}
      >
        {t('deviceRegistry.batchRegister')}
      </Button>
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
        {t('deviceRegistry.add')}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <BatchRegisterDrawer kind={kind} open={batch} onClose={() => setBatch(false)} />
        </Suspense>
      ) : null}
    </Can>
  );
}
