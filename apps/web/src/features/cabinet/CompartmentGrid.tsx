import { useRef, useState, type ReactNode } from 'react';
import { Descriptions, Drawer, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMPARTMENT_STATES, SWAP_RECORD_FAILURE_MESSAGES, type CompartmentRecord, type SwapRecordFailureCode } from '@swap/contracts';
import { STATUS_COLORS } from '../../shared/StatusTag';
import { byIndex, COMPARTMENT_MEANING, countByState } from './compartments';

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
 * The compartments as a grid coloured by state, with the count of each state. A compartment opens
 * its panel on click or Enter: its fields and the actions given (remote commands), in a side panel
 * that takes the keyboard focus (Tab reaches every command), scrolls within the screen, follows
 * the live values, and gives the focus back to the compartment when closed.
 */
export function CompartmentGrid({
  compartments,
  actions,
}: {
  compartments: CompartmentRecord[];
  actions?: (compartment: CompartmentRecord) => ReactNode;
}) {
  const { t } = useTranslation();
  const counts = countByState(compartments);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  // The open compartment as the latest data has it (a live change shows in the open panel).
  const open = openIndex === null ? undefined : compartments.find((c) => c.index === openIndex);
  const titleOf = (compartment: CompartmentRecord) =>
    t('cabinet.compartmentTitle', { index: compartment.index, state: t(`cabinet.state.${compartment.state}`) });
  return (
    <Flex vertical gap={16}>
      <Flex gap={16} wrap role="list" aria-label={t('cabinet.stateCounts')}>
        {COMPARTMENT_STATES.map((state) => {
          const colour = STATUS_COLORS[COMPARTMENT_MEANING[state]];
          return (
            <Flex key={state} gap={6} align="center" role="listitem">
              <span aria-hidden className="compartment-swatch" style={{ background: colour.background, borderColor: colour.border }} />
              <Typography.Text>{t('cabinet.stateCount', { state: t(`cabinet.state.${state}`), count: counts[state] })}</Typography.Text>
            </Flex>
          );
        })}
      </Flex>
      <div className="compartment-grid">
        {byIndex(compartments).map((compartment) => {
          const colour = STATUS_COLORS[COMPARTMENT_MEANING[compartment.state]];
          const state = t(`cabinet.state.${compartment.state}`);
          return (
            <button
              key={compartment.id}
              type="button"
              className="compartment-cell"
              aria-label={titleOf(compartment)}
              aria-haspopup="dialog"
              aria-expanded={openIndex === compartment.index}
              onClick={(event) => {
                opener.current = event.currentTarget;
                setOpenIndex(compartment.index);
              }}
              style={{
                color: colour.color,
                background: colour.background,
                borderColor: colour.border,
                borderStyle: compartment.enabled ? 'solid' : 'dashed',
              }}
            >
              <strong>{compartment.index}</strong>
              <span>{state}</span>
              {compartment.batteryNumber ? <span className="compartment-battery">{compartment.batteryNumber}</span> : null}
              {compartment.doorLock === 'UNLOCKED' ? <span className="compartment-battery">{t('cabinet.doorOpen')}</span> : null}
            </button>
          );
        })}
      </div>
      <Drawer
        open={open !== undefined}
        title={open ? titleOf(open) : null}
        onClose={() => setOpenIndex(null)}
        afterOpenChange={(visible) => {
          if (!visible) opener.current?.focus();
        }}
        size={400}
        destroyOnHidden
        className="compartment-panel"
      >
        {open ? (
          <Flex vertical gap={12}>
            <CompartmentFields compartment={open} />
            {actions?.(open)}
          </Flex>
        ) : null}
      </Drawer>
    </Flex>
  );
}
