import { Descriptions, Empty, Image, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { customerApi, fileApi, identityApi, identityAudit, type IdentityRecord } from '@swap/contracts';
import { ResourceForm } from '../../shared/form';
import { fieldKey, optionsOf } from '../../shared/devices';
import { formatDateTime } from '../../shared/format';
import { useFileUrl } from '../../shared/useFileUrl';

function Photo({ id, label }: { id: number; label: string }) {
  const { url } = useFileUrl(fileApi.download, id);
  return url ? <Image src={url} alt={label} width={160} /> : null;
}

/** The submission's documents and face photo, then pass or fail with a reason (docs/customers.md, "Identity audits"). */
export function ReviewDrawer({ submission, onClose }: { submission: IdentityRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const photos = [
    ...submission.documentFileIds.map((id) => ({ id, label: t(fieldKey('documentFileIds')) })),
    ...(submission.faceFileId ? [{ id: submission.faceFileId, label: t(fieldKey('faceFileId')) }] : []),
  ];
  return (
    <ResourceForm
      open
      mode="edit"
      width={560}
      title={t('customer.identity.reviewTitle', { number: submission.customerNumber })}
      schema={identityAudit}
      fields={[
        {
          name: 'decision',
          labelKey: fieldKey('auditState'),
          type: 'select',
          options: optionsOf(['PASSED', 'FAILED'], 'identity.auditState'),
        },
        {
          name: 'reason',
          labelKey: fieldKey('auditReason'),
          type: 'textarea',
          rows: 3,
          maxLength: 200,
          helpKey: 'customer.identity.reasonHelp',
        },
      ]}
      extraValues={{ id: submission.id }}
      submit={identityApi.audit}
      refresh={[identityApi.audit, customerApi.detail]}
      onClose={onClose}
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item
          label={t(fieldKey('customerNumber'))}
        >{`${submission.customerNumber} ${submission.customerName}`}</Descriptions.Item>
        <Descriptions.Item label={t(fieldKey('certificateType'))}>
          {t(`customer.certificateType.${submission.certificateType}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t(fieldKey('certificateNumber'))}>{submission.certificateNumber}</Descriptions.Item>
        <Descriptions.Item label={t(fieldKey('submitter'))}>{t(`identity.submitter.${submission.submitter}`)}</Descriptions.Item>
        <Descriptions.Item label={t(fieldKey('submittedAt'))}>{formatDateTime(submission.submittedAt)}</Descriptions.Item>
      </Descriptions>
      {photos.length ? (
        <Space wrap>
          {photos.map((photo) => (
            <Photo key={photo.id} {...photo} />
          ))}
        </Space>
      ) : (
        <Empty description={t('customer.identity.noPhoto')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </ResourceForm>
  );
}
