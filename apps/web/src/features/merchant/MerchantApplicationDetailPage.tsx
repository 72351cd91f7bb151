import { Card, Flex } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { merchantApplicationApi, merchantApplicationReject, type MerchantApplicationRecord } from '@swap/contracts';
import { ConfirmButton } from '../../shared/confirm';
import { DetailCards, DetailFrame, useDetail, type DetailGroup } from '../../shared/detail';
import { useEndpointMutation } from '../../shared/api/endpoints';
import { ResourceForm } from '../../shared/form';
import { StoredImage } from './StoredImage';
import { IMAGE_FIELDS, IMAGE_LABELS, TYPE_MAP } from './merchantModel';
import { APPLICATION_CODE, APPLICATION_ROUTES, APPLICATION_STATUS_MAP } from './merchantApplicationModel';

const GROUPS: DetailGroup<MerchantApplicationRecord>[] = [
  {
    titleKey: 'merchant.application.basics',
    items: [
      { field: 'id', labelKey: 'merchant.id' },
      { field: 'status', labelKey: 'field.status', map: APPLICATION_STATUS_MAP },
      { field: 'name', labelKey: 'merchant.name' },
      { field: 'type', labelKey: 'merchant.typeLabel', map: TYPE_MAP },
      { field: 'personInCharge', labelKey: 'merchant.personInCharge' },
      { field: 'contact', labelKey: 'merchant.contact' },
      { field: 'email', labelKey: 'field.email' },
      { field: 'officeAddress', labelKey: 'merchant.officeAddress', span: 2 },
      { field: 'username', labelKey: 'field.username' },
      { field: 'createdAt', labelKey: 'merchant.application.appliedAt' },
      { field: 'reviewerName', labelKey: 'field.reviewerName' },
      { field: 'reviewedAt', labelKey: 'field.reviewedAt' },
      { field: 'reason', labelKey: 'field.reason', span: 2 },
    ],
  },
];

/** Reject with a reason the applicant reads on signing in. */
function RejectForm({ application, onClose }: { application: MerchantApplicationRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ResourceForm
      open={application !== null}
      mode="edit"
      title={t('merchant.application.rejectTitle', { name: application?.name ?? '' })}
      schema={merchantApplicationReject}
      fields={[
        { name: 'reason', labelKey: 'field.reason', type: 'textarea', rows: 3, maxLength: 200, helpKey: 'merchant.application.reasonHelp' },
      ]}
      extraValues={application ? { id: application.id } : undefined}
      submit={merchantApplicationApi.reject}
      refresh={[merchantApplicationApi.reject]}
      saveKey="merchant.application.reject"
      successKey="merchant.application.rejected"
      onClose={onClose}
    />
  );
}

/**
 * One merchant application: what the company sent, its documents, and Approve or Reject while it waits.
 * @route /system/merchant-application/detail/:id
 */
export function MerchantApplicationDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const approve = useEndpointMutation(merchantApplicationApi.approve);
  const waiting = (application: MerchantApplicationRecord) => application.status === 'PENDING';
  return (
    <DetailFrame
      detail={useDetail(merchantApplicationApi.detail, id)}
      title={(application) => t('merchant.application.detailTitle', { name: application.name })}
      pageTitleKey="page.merchantApplicationDetail"
      back={APPLICATION_ROUTES.list}
      loadFailedKey="merchant.application.loadFailed"
      actions={[
        {
          key: 'approve',
          when: waiting,
          render: (application) => (
            <ConfirmButton
              type="primary"
              size="middle"
              icon={<CheckOutlined />}
              labelKey="merchant.application.approve"
              confirmKey="merchant.application.approveConfirm"
              confirmParams={{ name: application.name, username: application.username }}
              code={`${APPLICATION_CODE}.approve`}
              onConfirm={() => approve({ id: application.id })}
            />
          ),
        },
        {
          key: 'reject',
          code: `${APPLICATION_CODE}.reject`,
          labelKey: 'merchant.application.reject',
          icon: <CloseOutlined />,
          danger: true,
          opens: 'reject',
          when: waiting,
        },
      ]}
      drawers={{ reject: ({ record, open, close }) => <RejectForm application={open ? record : null} onClose={close} /> }}
    >
      {(application) => (
        <Flex vertical gap={16}>
          <DetailCards record={application} groups={GROUPS} fieldLabel={(field) => `merchant.${field}`} />
          {application.merchantId !== null ? (
            <Link to={`/system/merchant/detail/${application.merchantId}`}>{t('merchant.application.openMerchant')}</Link>
          ) : null}
          <Card title={t('merchant.identity')}>
            <Flex gap={16} wrap>
              {IMAGE_FIELDS.map((field) => (
                <StoredImage key={field} fileId={application[field]} label={t(IMAGE_LABELS[field])} />
              ))}
            </Flex>
          </Card>
        </Flex>
      )}
    </DetailFrame>
  );
}
