import type { ComponentType } from 'react';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { DeviceKind } from '@swap/contracts';
import { lazyDrawer, type DetailAction, type DetailDrawerProps } from '../../shared/detail';
import { deviceCodes } from '../../shared/devices';
import type { DeviceFormDrawerProps, DeviceFormSpec } from './DeviceFormDrawer';

const DeviceFormDrawer = /* @__PURE__ */ lazyDrawer(() => import('./DeviceFormDrawer').then((m) => m.DeviceFormDrawer));
const ScrapForm = /* @__PURE__ */ lazyDrawer(() => import('./ScrapForm').then((m) => m.ScrapForm));

interface DeviceDetail {
  id: number;
  number: string;
  scrapStatus: string;
}

/**
 * What every device detail page offers in its title bar: Edit and Scrap, to holders of
 * operation.<kind>.edit while the device is not scrapped, and their drawers (loaded when first
 * opened). `code` and `active` are the same condition, for a kind's own actions.
 */
export function deviceDetailActions<R extends DeviceDetail>(
  kind: DeviceKind,
  form: DeviceFormSpec<R> | (() => Promise<DeviceFormSpec<R>>),
) {
  const code = deviceCodes(kind).edit;
  const active = (record: R) => record.scrapStatus === 'NORMAL';
  // A form given as a loader loads with its drawer: the page carries none of its fields.
  const FormDrawer: ComponentType<Omit<DeviceFormDrawerProps<R>, keyof DeviceFormSpec<R>>> =
    typeof form === 'function'
      ? lazyDrawer(async () => {
          const [{ DeviceFormDrawer: Drawer }, spec] = await Promise.all([import('./DeviceFormDrawer'), form()]);
          return function LoadedFormDrawer(props: Omit<DeviceFormDrawerProps<R>, keyof DeviceFormSpec<R>>) {
            return <Drawer<R> {...spec} {...props} />;
          };
        })
      : function SpecFormDrawer(props: Omit<DeviceFormDrawerProps<R>, keyof DeviceFormSpec<R>>) {
          const Drawer = DeviceFormDrawer as ComponentType<DeviceFormDrawerProps<R>>;
          return <Drawer {...form} {...props} />;
        };
  const edit: DetailAction<R> = { key: 'edit', code, when: active, labelKey: 'common.edit', icon: <EditOutlined />, opens: 'edit' };
  const scrap: DetailAction<R> = {
    key: 'scrap',
    code,
    when: active,
    labelKey: 'deviceRegistry.scrap',
    icon: <DeleteOutlined />,
    danger: true,
    opens: 'scrap',
  };
  const drawers = {
    edit: ({ record, open, close }: DetailDrawerProps<R>) => <FormDrawer kind={kind} editing={open ? record : null} onClose={close} />,
    scrap: ({ record, open, close }: DetailDrawerProps<R>) => <ScrapForm kind={kind} device={open ? record : null} onClose={close} />,
  };
  return { code, active, edit, scrap, drawers };
}
