import { useTranslation } from 'react-i18next';
import { distributionRecall, type DeviceKind } from '@swap/contracts';
import { useConfirm } from '../../shared/confirm';
// Straight from its module, as every kit piece beside the form's index: a list page that imports the index loads none of it.
import { NumbersDrawer, useNumbersForm } from '../../shared/form/NumbersDrawer';
import { numberRefusal } from './distributionModel';
import { useRecall } from './useRecall';

/**
 * Recall to stock by numbers (typed, pasted or read from a CSV file), after a question
 * (docs/operation-centre.md, "Distribution": the devices leave their station).
 */
export function RecallDrawer({ kind, open, onClose }: { kind: DeviceKind; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const recall = useRecall(kind);
  const drawer = useNumbersForm(onClose);

  const ask = async () => {
    const read = await drawer.read();
    if (!read) return;
    const { values, numbers } = read;
    confirm({
      titleKey: 'distribution.recallTitle',
      contentKey: 'distribution.confirmRecall',
      contentParams: { count: new Set(numbers).size },
      danger: true,
      onOk: () =>
        drawer.run('recall', async () => {
          try {
            await recall(numbers, values.remark?.trim() ?? '');
          } catch (error) {
            drawer.refuseNumbers(error, numberRefusal(error, t));
            throw error;
          }
          drawer.close();
        }),
    });
  };

  return (
    <NumbersDrawer
      open={open}
      title={t('distribution.recallTitle')}
      name={`recall-${kind}`}
      drawer={drawer}
      remark={{ schema: distributionRecall.shape.remark }}
      actions={[
        {
          key: 'recall',
          label: t('distribution.recall'),
          primary: true,
          danger: true,
          loading: drawer.busy !== null,
          disabled: drawer.busy !== null,
          onClick: () => void ask(),
        },
      ]}
    />
  );
}
