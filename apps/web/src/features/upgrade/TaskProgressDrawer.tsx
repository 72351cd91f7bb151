import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { TaskProgress } from './TaskProgress';
import type { TaskSource } from './upgradeQueries';

/** A task's progress in a drawer (the records page, the bulk command once sent); its code loads when first opened. */
export function TaskProgressDrawer({ taskId, from, onClose }: { taskId: number | null; from: TaskSource; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={taskId !== null}
      title={taskId !== null ? t('upgrade.progressTitle', { id: taskId }) : ''}
      size={960}
      destroyOnHidden
      onClose={onClose}
    >
      {taskId !== null ? <TaskProgress taskId={taskId} from={from} /> : null}
    </Drawer>
  );
}
