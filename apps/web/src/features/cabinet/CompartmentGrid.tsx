import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMPARTMENT_STATES, type CompartmentRecord } from '@swap/contracts';
import { STATUS_COLORS } from '../../shared/StatusTag';
import { byIndex, COMPARTMENT_MEANING, countByState } from './compartments';
import { Text } from '../../shared/Text';

// The side panel loads when a compartment is first opened, like the kit's drawers (docs/web-kits.md).
const CompartmentPanel = lazy(() => import('./CompartmentPanel'));

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
  // Once opened, the panel stays mounted so it can play its closing animation.
  const [opened, setOpened] = useState(false);
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
              <Text>{t('cabinet.stateCount', { state: t(`cabinet.state.${state}`), count: counts[state] })}</Text>
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
                setOpened(true);
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
      {opened ? (
        <Suspense fallback={null}>
          <CompartmentPanel
            compartment={open}
            title={open ? titleOf(open) : null}
            actions={actions}
            onClose={() => setOpenIndex(null)}
            onClosed={() => opener.current?.focus()}
          />
        </Suspense>
      ) : null}
    </Flex>
  );
}
