import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { stockApi, stockMove, type DeviceKind } from '@swap/contracts';
import { invalidateResources } from '../../shared/api/endpoints';
import { ignoreApiError } from '../../shared/api/errors';
// Straight from its module, as every kit piece beside the form's index: a list page that imports the index loads none of it.
import { NumbersDrawer, useNumbersForm } from '../../shared/form/NumbersDrawer';
import { useUi } from '../../shared/ui';
import { DEVICE_APIS } from '../../shared/devices';
import { moveStock } from './stockQueries';

export type StockDirection = 'in' | 'out';

/** Stock in or out: a list of numbers (pasted or from a CSV file) and a remark, recorded as one batch. */
export function StockMoveDrawer({ kind, direction, onClose }: { kind: DeviceKind; direction: StockDirection | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const drawer = useNumbersForm(onClose);
  const api = stockApi[kind];

  const save = async () => {
    const read = await drawer.read();
    if (!read) return;
    const { values, numbers } = read;
    await drawer.run('save', async () => {
      try {
        const batch = await moveStock(kind, direction === 'out' ? 'out' : 'in', { numbers, remark: values.remark?.trim() ?? '' });
        void message.success(t(direction === 'out' ? 'stock.outDone' : 'stock.inDone', { number: batch.number, count: batch.quantity }));
        // The kind's stock (summary, batches) and its device list, whose stock statuses changed.
        await invalidateResources(queryClient, [api.in, DEVICE_APIS[kind].search]);
        drawer.close();
      } catch (error) {
        drawer.refuseNumbers(error);
        ignoreApiError(error);
      }
    });
  };

  return (
    <NumbersDrawer
      open={direction !== null}
      title={t(direction === 'out' ? 'stock.outTitle' : 'stock.inTitle')}
      name={`stock-${kind}`}
      drawer={drawer}
      remark={{ schema: stockMove.shape.remark, label: t('stock.remark') }}
      actions={[
        {
          key: 'save',
          label: t(direction === 'out' ? 'stock.stockOut' : 'stock.stockIn'),
          primary: true,
          loading: drawer.busy !== null,
          disabled: drawer.busy !== null,
          onClick: () => void save(),
        },
      ]}
    />
  );
}
