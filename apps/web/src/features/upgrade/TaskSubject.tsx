import { useTranslation } from 'react-i18next';
import type { TaskRecord } from '@swap/contracts';

/** What a task does: the firmware version it installs, or the command (and compartment) it sends. */
export function TaskSubject({ task }: { task: TaskRecord }) {
  const { t } = useTranslation();
  if (task.taskKind === 'FIRMWARE') return <>{t('upgrade.toVersion', { version: task.version ?? '', type: task.typeName ?? '' })}</>;
  const command = t(`command.name.${task.command ?? ''}`);
  return <>{task.compartment ? t('upgrade.commandAt', { command, compartment: task.compartment }) : command}</>;
}
