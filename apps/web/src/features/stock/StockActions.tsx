import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { ExportOutlined, ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceKind } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { stockCodes } from './stockModel';
import type { StockDirection } from './StockMoveDrawer';

const StockMoveDrawer = lazy(async () => ({ default: (await import('./StockMoveDrawer')).StockMoveDrawer }));

/** "Stock in" and "Stock out" on a stock screen's title bar; the drawer loads on first use. */
export function StockActions({ kind }: { kind: DeviceKind }) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<StockDirection | null>(null);
  const [used, setUsed] = useState(false);
  const open = (value: StockDirection) => {
    setUsed(true);
    setDirection(value);
  };
  return (
    <Can code={stockCodes(kind).move}>
      <Button icon={<ImportOutlined />} onClick={() => open('in')}>
        {t('stock.stockIn')}
      </Button>
      <Button icon={<ExportOutlined />} onClick={() => open('out')}>
        {t('stock.stockOut')}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <StockMoveDrawer kind={kind} direction={direction} onClose={() => setDirection(null)} />
        </Suspense>
      ) : null}
    </Can>
  );
}
