import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { AlarmLevel, AlarmNotification, EndpointDef, FilterOf } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { StatusTag } from '../../shared/StatusTag';
import { ResourceForm, type FormField } from '../../shared/form';
import { editAction, removeAction, ResourceTable, type ResourceColumn, type SearchField } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { LEVEL_STATUS } from './alarmModel';

/** What every alarm rule holds beside its own condition. */
interface RuleRecord {
  id: number;
  content: string;
  level: AlarmLevel;
  notifications: AlarmNotification[];
  enabled: boolean;
  createdAt: string;
}

export interface RuleListFrameProps<R extends RuleRecord, E extends EndpointDef, S extends z.ZodObject> {
  /** The menu code: `<code>.add`, `.edit` and `.remove` gate the buttons. */
  code: string;
  titleKey: string;
  /** The words of adding, editing and the question before removing. */
  words: { add: string; edit: string; confirmRemove: string };
  api: { search: E; export: EndpointDef; add: EndpointDef; edit: EndpointDef; remove: EndpointDef };
  exportFilename: string;
  scrollX: number;
  /** The search fields after the content's. */
  search: SearchField<FilterOf<E>>[];
  /** The rule's own columns, between the content and the level. */
  columns: ResourceColumn<R>[];
  /** The form: the add and edit schemas, the fields, a new rule's values, and what follows the input. */
  form: {
    add: S;
    edit: S;
    fields: FormField<Extract<keyof z.input<S>, string>>[];
    newRule: Partial<z.input<S>>;
    onValuesChange?: (changed: Record<string, unknown>) => void;
  };
  /** Told of the rule the form opens for (`'new'` when adding), before it shows. */
  onOpen?: (rule: R | 'new') => void;
}

/**
 * The frame of an alarm rule page (device and business rules; docs/alarms.md, "Rules"): the title
 * with Add, the list searched by content and the rule's own filters, the content first and then the
 * rule's own columns, its level, notifications, whether enabled and when created, edit and remove on
 * each row, and the add or edit form.
 */
export function RuleListFrame<R extends RuleRecord, E extends EndpointDef, S extends z.ZodObject>(props: RuleListFrameProps<R, E, S>) {
  const { code, words, api, form } = props;
  const { t } = useTranslation();
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const adding = editing === 'new';
  const open = (rule: R | 'new') => {
    props.onOpen?.(rule);
    setEditing(rule);
  };
  const columns: ResourceColumn<R>[] = [
    { key: 'content', titleKey: 'field.content', width: 240 },
    ...props.columns,
    { key: 'level', titleKey: 'field.level', sortable: true, width: 100, render: (r) => <StatusTag value={r.level} map={LEVEL_STATUS} /> },
    {
      key: 'notifications',
      titleKey: 'field.notifications',
      width: 220,
      render: (r) => r.notifications.map((n) => t(`alarm.notification.${n}`)).join(', '),
    },
    { key: 'enabled', titleKey: 'field.enabled', kind: 'boolean', width: 90 },
    { key: 'createdAt', titleKey: 'field.createdAt', kind: 'datetime', sortable: true, width: 180 },
  ];
  return (
    <>
      <TitleBar
        title={t(props.titleKey)}
        operate={
          <Can code={`${code}.add`}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
              {t(words.add)}
            </Button>
          </Can>
        }
      />
      <ResourceTable<R>
        endpoints={{ search: api.search, export: api.export }}
        exportFilename={props.exportFilename}
        rowKey={(r) => r.id}
        scrollX={props.scrollX}
        // Every rule list sorts by level and created time; its own filters are checked against E.
        searchFields={[{ name: 'content', labelKey: 'field.content' }, ...props.search]}
        columns={columns}
        rowActions={[editAction(code, open), removeAction(code, api.remove, { confirmKey: words.confirmRemove })]}
      />
      <ResourceForm
        open={editing !== null}
        mode={adding ? 'add' : 'edit'}
        title={t(adding ? words.add : words.edit)}
        schema={adding ? form.add : form.edit}
        width={600}
        fields={form.fields}
        initialValues={editing && editing !== 'new' ? (editing as unknown as Partial<z.input<S>>) : form.newRule}
        extraValues={editing && editing !== 'new' ? ({ id: editing.id } as unknown as Partial<z.input<S>>) : undefined}
        submit={adding ? api.add : api.edit}
        refresh={[api.edit]}
        onValuesChange={form.onValuesChange}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
