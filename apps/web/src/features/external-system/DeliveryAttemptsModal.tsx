import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { externalSystemApi, type WebhookAttemptRecord, type WebhookDeliveryRecord } from '@swap/contracts';
import { fieldKey } from '../../shared/devices';
import { formatDateTime } from '../../shared/format';
import { useEndpointQuery } from '../../shared/api/endpoints';

/** Each attempt of one delivery: when, the HTTP status, the answer's first characters or the error, how long. */
export default function DeliveryAttemptsModal({ delivery, onClose }: { delivery: WebhookDeliveryRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const attempts = useEndpointQuery(externalSystemApi.attempts, { id: delivery.id });
  const columns = ['attempt', 'at', 'statusCode', 'answer', 'durationMs'] as const;
  const cell = (a: WebhookAttemptRecord, column: (typeof columns)[number]) =>
    column === 'at' ? formatDateTime(a.at) : column === 'answer' ? (a.error ?? a.answer) : (a[column] ?? t('common.empty'));
  return (
    <Modal open width={760} title={`${t('externalSystem.attempts')} #${delivery.id}`} onCancel={onClose} footer={null}>
      <table className="plain-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {t(column === 'at' ? fieldKey('lastAttemptAt') : `externalSystem.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(attempts.data ?? []).map((a) => (
            <tr key={a.attempt}>
              {columns.map((column) => (
                <td key={column}>{cell(a, column)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
