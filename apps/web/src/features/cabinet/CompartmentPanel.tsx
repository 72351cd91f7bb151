import type { ReactNode } from 'react';
import { Descriptions, Drawer, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { SWAP_RECORD_FAILURE_MESSAGES, type CompartmentRecord, type SwapRecordFailureCode } from '@swap/contracts';

/** A fault the server sets (a refused pack) in the user's language; a device's own fault as it reports it. */
function faultText(fault: string | null, t: (key: string) => string): string | null {
  if (fault === null || !Object.hasOwn(SWAP_RECORD_FAILURE_MESSAGES, fault)) return fault;
  return t(`message.${SWAP_RECORD_FAILURE_MESSAGES[fault as SwapRecordFailureCode]}`);
}

function CompartmentFields({ compartment }: { compartment: CompartmentRecord }) {
  const { t } = useTranslation();
  const none = t('common.empty');
  const value = (v: number | string | null) => (v === null ? none : v);
  const rows: [string, ReactNode][] = [
    ['cabinet.compartment.battery', compartment.batteryNumber ?? none],
    ['cabinet.compartment.doorLock', t(`cabinet.lock.${compartment.doorLock}`)],
    ['cabinet.compartment.batteryLock', t(`cabinet.lock.${compartment.batteryLock}`)],
    ['cabinet.compartment.inPlace', t(compartment.inPlace ? 'cabinet.inPlace.yes' : 'cabinet.inPlace.no')],
    ['cabinet.compartment.chargerSwitch', t(`cabinet.onOff.${compartment.chargerSwitch}`)],
    ['cabinet.compartment.voltage', value(compartment.voltage)],
    ['cabinet.compartment.current', value(compartment.current)],
    ['cabinet.compartment.temperature', value(compartment.temperature)],
    ['cabinet.compartment.preset', value(compartment.preset)],
    ['cabinet.compartment.indicator', t(`cabinet.indicator.${compartment.indicator}`)],
    ['cabinet.compartment.fault', faultText(compartment.fault, t) ?? none],
    ['cabinet.compartment.nfcSwitch', t(`cabinet.onOff.${compartment.nfcSwitch}`)],
    ['cabinet.compartment.enabled', t(compartment.enabled ? 'cabinet.enabled' : 'cabinet.disabled')],
  ];
  return (
    <Descriptions column={1} size="small" bordered>
      {rows.map(([key, shown]) => (
        <Descriptions.Item key={key} label={t(key)}>
          {shown}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/**
 * A compartment's side panel: its fields and the actions given (remote commands). It takes the
 * keyboard focus (Tab reaches every command), scrolls within the screen and follows the live values.
 */
export default function CompartmentPanel({
  compartment,
  title,
  actions,
  onClose,
  onClosed,
}: {
  compartment: CompartmentRecord | undefined;
  title: ReactNode;
  actions?: (compartment: CompartmentRecord) => ReactNode;
  onClose: () => void;
  /** After the closing animation: the grid gives the focus back to the compartment. */
  onClosed: () => void;
}) {
  return (
    <Drawer
      open={compartment !== undefined}
      title={title}
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (!visible) onClosed();
      }}
      size={400}
      destroyOnHidden
      className="compartment-panel"
    >
      {compartment ? (
        <Flex vertical gap={12}>
          <CompartmentFields compartment={compartment} />
          {actions?.(compartment)}
        </Flex>
      ) : null}
    </Drawer>
  );
}
