import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cabinetAdd, cabinetEdit, type CabinetRecord } from '@swap/contracts';
import { ResourceTable } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { DeviceFormDrawer, pickValues } from '../device/DeviceFormDrawer';
import { deviceCodes, deviceDetailPath, devicePaths, fieldKey, SCRAP_MAP, STOCK_MAP } from '../device/deviceModel';
import { RegisterButtons } from '../device/RegisterButtons';
import { ScrapForm } from '../device/ScrapForm';
import { useOwnerOptions, useTypeOptions } from '../device/useDeviceOptions';
import { CABINET_EDIT_NAMES, CABINET_FIELDS, cabinetSearchFields, SUPPLY_MAP } from './cabinetModel';

const paths = devicePaths('cabinet');
const codes = deviceCodes('cabinet');

/** Product centre → Cabinets (/product/cabinet/list). */
export function CabinetListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = useTypeOptions('cabinet');
  const owners = useOwnerOptions();
  const [editing, setEditing] = useState<CabinetRecord | 'new' | null>(null);
  const [scrapping, setScrapping] = useState<CabinetRecord | null>(null);

  return (
    <>
      <TitleBar title={t('nav.operation.cabinet')} operate={<RegisterButtons kind="cabinet" onAdd={() => setEditing('new')} />} />
      <ResourceTable<CabinetRecord>
        searchPath={paths.search}
        exportPath={paths.export}
        exportCode={codes.export}
        exportFilename="cabinets"
        rowKey="id"
        scrollX={1800}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        searchFields={cabinetSearchFields(types, owners?.filter ?? null)}
        columns={[
          {
            key: 'number',
            titleKey: fieldKey('number'),
            sortable: true,
            fixed: 'left',
            width: 180,
            render: (r) => <Link to={deviceDetailPath('cabinet', r.id)}>{r.number}</Link>,
          },
          { key: 'typeName', titleKey: fieldKey('typeId'), width: 150 },
          { key: 'brand', titleKey: fieldKey('brand') },
          { key: 'model', titleKey: fieldKey('model') },
          { key: 'compartmentCount', titleKey: fieldKey('compartmentCount'), kind: 'number' },
          { key: 'site', titleKey: fieldKey('site') },
          { key: 'networkType', titleKey: fieldKey('networkType') },
          { key: 'supplyStatus', titleKey: fieldKey('supplyStatus'), kind: 'status', statusMap: SUPPLY_MAP },
          { key: 'stockStatus', titleKey: fieldKey('stockStatus'), kind: 'status', statusMap: STOCK_MAP },
          { key: 'scrapStatus', titleKey: fieldKey('scrapStatus'), kind: 'status', statusMap: SCRAP_MAP },
          { key: 'merchantName', titleKey: fieldKey('merchantName'), render: (r) => r.merchantName ?? t('device.platformStock') },
          { key: 'lastReportAt', titleKey: fieldKey('lastReportAt'), kind: 'datetime', width: 180 },
          { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
        ]}
        rowActions={[
          { key: 'view', labelKey: 'common.view', onClick: (r) => void navigate(deviceDetailPath('cabinet', r.id)) },
          {
            key: 'edit',
            labelKey: 'common.edit',
            code: codes.edit,
            hidden: (r) => r.scrapStatus === 'SCRAPPED',
            onClick: (r) => setEditing(r),
          },
          {
            key: 'scrap',
            labelKey: 'device.scrap',
            code: codes.edit,
            danger: true,
            confirmKey: false,
            hidden: (r) => r.scrapStatus === 'SCRAPPED',
            onClick: (r) => setScrapping(r),
          },
        ]}
      />
      <DeviceFormDrawer<CabinetRecord>
        kind="cabinet"
        editing={editing}
        addSchema={cabinetAdd}
        editSchema={cabinetEdit}
        fields={CABINET_FIELDS}
        typeEditable={false}
        initialValues={{ radiatorSetting: 'AUTO' }}
        toValues={(record) => pickValues(record, CABINET_EDIT_NAMES)}
        onClose={() => setEditing(null)}
      />
      <ScrapForm kind="cabinet" device={scrapping} onClose={() => setScrapping(null)} />
    </>
  );
}
