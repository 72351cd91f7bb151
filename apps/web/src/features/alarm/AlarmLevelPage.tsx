import { lazy, Suspense, useState } from 'react';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmApi, alarmLevelEdit, type AlarmLevelEdited, type AlarmLevelRecord } from '@swap/contracts';
import { ResourceForm, type FormField } from '../../shared/form';
import { editAction, ListPage } from '../../shared/table';

const CODE = 'alarmConfiguration.level';

/** A new webhook's signing key, shown once: its dialog loads when a key arrives (docs/scaling.md, "Web bundle"). */
const KeyModal = lazy(() => import('../../shared/SigningKeyModal'));
type LevelField = 'colour' | 'sound' | 'webhookUrl' | 'labelEn' | 'labelIn' | 'labelTh' | 'labelZh';

/** A level's colour as a swatch beside its code (the text says it; the swatch only shows it). */
function Swatch({ colour }: { colour: string }) {
  return (
    <Space>
      <span
        aria-hidden
        style={{ display: 'inline-block', width: 16, height: 16, borderRadius: 4, background: colour, verticalAlign: 'middle' }}
      />
      <span>{colour}</span>
    </Space>
  );
}

/**
 * System → Alarm configuration → Alarm levels: low, medium and high, each with its colour, the
 * header's sound, a webhook and its label in every language (docs/alarms.md, "Levels").
 * @route /system/alarm/level
 */
export function AlarmLevelPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AlarmLevelRecord | null>(null);
  // A new or changed webhook address gets a new signing key, answered this once (docs/alarms.md, "Webhooks").
  const [signed, setSigned] = useState<{ level: string; signingKey: string } | null>(null);
  const fields: FormField<LevelField>[] = [
    { name: 'colour', labelKey: 'field.colour', maxLength: 7 },
    { name: 'sound', labelKey: 'field.sound', type: 'switch' },
    { name: 'webhookUrl', labelKey: 'field.webhookUrl', maxLength: 2000 },
    { name: 'labelEn', labelKey: 'field.labelEn', maxLength: 40 },
    { name: 'labelIn', labelKey: 'field.labelIn', maxLength: 40 },
    { name: 'labelTh', labelKey: 'field.labelTh', maxLength: 40 },
    { name: 'labelZh', labelKey: 'field.labelZh', maxLength: 40 },
  ];
  return (
    <ListPage
      titleKey="nav.alarmConfiguration.level"
      endpoints={{ search: alarmApi.levels }}
      rowKey="level"
      scrollX={1000}
      searchFields={[]}
      columns={[
        { key: 'level', titleKey: 'field.level', width: 120, render: (r) => t(`alarm.level.${r.level}`) },
        { key: 'colour', titleKey: 'field.colour', width: 140, render: (r) => <Swatch colour={r.colour} /> },
        { key: 'sound', titleKey: 'field.sound', width: 110, render: (r) => t(r.sound ? 'alarms.soundOn' : 'alarms.soundOff') },
        { key: 'webhookUrl', titleKey: 'field.webhookUrl', ellipsis: true },
        { key: 'labelEn', titleKey: 'field.labelEn', width: 120 },
        { key: 'labelIn', titleKey: 'field.labelIn', width: 120 },
        { key: 'labelTh', titleKey: 'field.labelTh', width: 120 },
        { key: 'labelZh', titleKey: 'field.labelZh', width: 120 },
      ]}
      rowActions={[editAction(CODE, setEditing)]}
    >
      <ResourceForm
        open={editing !== null}
        mode="edit"
        title={t('alarms.editLevel')}
        schema={alarmLevelEdit}
        width={560}
        fields={fields}
        initialValues={editing ?? {}}
        extraValues={editing ? { level: editing.level } : undefined}
        submit={alarmApi.editLevel}
        refresh={[alarmApi.levels, alarmApi.levelChoices]}
        onSaved={(result) => {
          const edited = result as AlarmLevelEdited;
          if (edited.signingKey) setSigned({ level: t(`alarm.level.${edited.level}`), signingKey: edited.signingKey });
        }}
        onClose={() => setEditing(null)}
      />
      {signed && (
        <Suspense fallback={null}>
          <KeyModal
            title={t('alarms.keyTitle', { level: signed.level })}
            onceText={t('alarms.keyOnce')}
            doneText={t('alarms.keyDone')}
            signingKey={signed.signingKey}
            onClose={() => setSigned(null)}
          />
        </Suspense>
      )}
    </ListPage>
  );
}
