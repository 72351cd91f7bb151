import { Card } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApplicationDetail, ApplicationStep } from '@swap/contracts';
import { DetailCards, DetailFrame, lazyDrawer, type DetailGroup } from '../../shared/detail';
import { StatusTag } from '../../shared/StatusTag';
import { fieldKey } from '../../shared/devices';
import { formatDateTime } from '../../shared/format';
import { APPLICATION_ROUTES, CODE, STATUS_MAP } from './applicationModel';
import { useApplicationDetail } from './applicationQueries';

const HandleApplicationForm = lazyDrawer(() => import('./HandleApplicationForm').then((m) => m.HandleApplicationForm));

function groups(t: (key: string) => string): DetailGroup<ApplicationDetail>[] {
  const list = (numbers: string[]) => (numbers.length ? numbers.join(', ') : t('common.empty'));
  return [
    {
      titleKey: 'application.group.request',
      items: [
        { field: 'id' },
        { field: 'applicationType', render: (r) => t(`application.type.${r.applicationType}`) },
        { field: 'applicationStatus', map: STATUS_MAP },
        { field: 'customerId' },
        { field: 'reason' },
        { field: 'merchantName' },
        { field: 'createdAt' },
        { field: 'updatedAt' },
      ],
    },
    {
      titleKey: 'application.group.devices',
      items: [
        { field: 'deviceKind', render: (r) => t(`application.deviceKind.${r.deviceKind}`) },
        { field: 'deviceNumbers', render: (r) => list(r.deviceNumbers) },
        { field: 'exchangeNumbers', render: (r) => list(r.exchangeNumbers) },
      ],
    },
  ];
}

/**
 * Each step of the application, oldest first: when, from which state to which, by whom, why. A few
 * rows without paging or sorting, so a plain table (`.plain-table`) rather than antd's Table, which
 * no other page loads without the list kit (docs/scaling.md, "Web bundle").
 */
function History({ steps }: { steps: ApplicationStep[] }) {
  const { t } = useTranslation();
  const columns = ['createdAt', 'fromStatus', 'toStatus', 'operatorName', 'remark'] as const;
  return (
    <Card title={t('application.history')} style={{ marginTop: 16 }}>
      <table className="plain-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {t(fieldKey(column))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <tr key={step.id}>
              <td>{formatDateTime(step.createdAt)}</td>
              <td>{step.fromStatus ? <StatusTag value={step.fromStatus} map={STATUS_MAP} /> : t('application.created')}</td>
              <td>
                <StatusTag value={step.toStatus} map={STATUS_MAP} />
              </td>
              <td>{step.operatorName}</td>
              <td>{step.remark}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/**
 * One application: what was asked, the devices, its history, and Handle while it is open.
 * @route /operation-center/application/detail/:id
 */
export function ApplicationDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <DetailFrame
      detail={useApplicationDetail(id)}
      title={(application) => t('application.detailTitle', { id: application.id })}
      pageTitleKey="page.applicationDetail"
      back={APPLICATION_ROUTES.list}
      loadFailedKey="application.loadFailed"
      actions={[
        {
          key: 'handle',
          code: `${CODE}.handle`,
          labelKey: 'application.handle',
          icon: <AuditOutlined />,
          opens: 'handle',
          when: (application) => application.applicationStatus === 'AUDIT' || application.applicationStatus === 'HANDLING',
        },
      ]}
      drawers={{ handle: ({ record, open, close }) => <HandleApplicationForm application={open ? record : null} onClose={close} /> }}
    >
      {(application) => (
        <>
          <DetailCards record={application} groups={groups(t)} fieldLabel={fieldKey} />
          <History steps={application.steps} />
        </>
      )}
    </DetailFrame>
  );
}
