import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPLICATION_DEVICES_MAX, applicationApi, applicationHandle, type ApplicationRecord } from '@swap/contracts';
import { ResourceForm, type FormField } from '../../shared/form';
import { fieldKey } from '../../shared/devices';
import { nextStatuses } from './applicationModel';

type Field = FormField<'toStatus' | 'remark' | 'exchangeNumbers'>;

/** One step of an application: the next state (only those allowed from its state), a remark, and for a replacement's completion the devices given in exchange. */
export function HandleApplicationForm({ application, onClose }: { application: ApplicationRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [toStatus, setToStatus] = useState<string | undefined>();
  const exchanging = application?.applicationType === 'REPLACE' && toStatus === 'COMPLETE';
  const fields: Field[] = [
    {
      name: 'toStatus',
      labelKey: fieldKey('toStatus'),
      type: 'select',
      options: application ? nextStatuses(application.applicationStatus) : [],
    },
    ...(exchanging
      ? [
          {
            name: 'exchangeNumbers',
            labelKey: fieldKey('exchangeNumbers'),
            type: 'tags',
            max: APPLICATION_DEVICES_MAX,
            helpKey: 'application.exchangeHelp',
          } as Field,
        ]
      : []),
    { name: 'remark', labelKey: fieldKey('remark'), type: 'textarea', rows: 3, maxLength: 500 },
  ];
  return (
    <ResourceForm
      open={application !== null}
      mode="edit"
      title={t('application.handleTitle', { id: application?.id ?? '' })}
      schema={applicationHandle}
      width={520}
      fields={fields}
      extraValues={application ? { id: application.id } : undefined}
      onValuesChange={(_, all) => setToStatus(all.toStatus as string | undefined)}
      submit={applicationApi.handle}
      refresh={[applicationApi.handle]}
      successKey="application.handled"
      onClose={() => {
        setToStatus(undefined);
        onClose();
      }}
    />
  );
}
