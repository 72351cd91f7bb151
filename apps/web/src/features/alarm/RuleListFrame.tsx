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
import { LEVEL_OPTIONS, LEVEL_STATUS, NOTIFICATION_OPTIONS } from './alarmModel';

/** What every alarm rule holds beside its own condition. */
interface RuleRecord {
  id: number;
  content: string;
  level: AlarmLevel;
  notifications: AlarmNotification[];
  enabled: boolean;
  createdAt: string;
}

/** What every rule's form asks after the rule's own fields. */
const COMMON_FIELDS: FormField<keyof RuleRecord>[] = [
  { name: 'level', labelKey: 'field.level', type: 'select', options: LEVEL_OPTIONS },
  { name: 'content', labelKey: 'field.content', maxLength: 200 },
  { name: 'notifications', labelKey: 'field.notifications', type: 'select', multiple: true, options: NOTIFICATION_OPTIONS },
  { name: 'enabled', labelKey: 'field.enabled', type: 'switch' },
];

/** A new rule's common values: medium, told in the app and the header, enabled. */
const NEW_RULE: Partial<RuleRecord> = { level: 'MEDIUM', notifications: ['IN_APP', 'HEADER'], enabled: true };

export interface RuleListFrameProps<R extends RuleRecord, E extends EndpointDef, S extends z.ZodObject> {
  /** The menu code: `<code>.add`, `.edit` and `.remove` gate the buttons; the title is `nav.<code>`. */
  code: string;
  /** The words of adding, editing and the question before removing. */
  words: { add: string; edit: string; confirmRemove: string };
  api: { search: E; export: EndpointDef; add: EndpointDef; edit: EndpointDef; remove: EndpointDef };
  scrollX: number;
  /** The search fields between the content's and the level's. */
  search: SearchField<FilterOf<E>>[];
  /** The rule's own columns, between the content and the level. */
  columns: ResourceColumn<R>[];
  /** The form: the add and edit schemas, the rule's own fields and a new rule's values of them. */
  form: {
    add: S;
    edit: S;
    /**
     * The rule's own fields (before the level, content, notifications and enabled), given the
     * form's values as they stand: the opened rule's, then as the user changes them. A hook: it may
     * load the choices those values call for.
     */
    useFields: (values: Partial<z.input<S>>) => FormField<Extract<keyof z.input<S>, string>>[];
    newRule: Partial<z.input<S>>;
  };
}

/**
 * The frame of an alarm rule page (device and business rules; docs/alarms.md, "Rules"): the title
 * with Add, the list searched by content and the rule's own filters, the content first and then the
 * rule's own columns, its level, notifications, whether enabled and when created, edit and remove on
 * each row, and the add or edit form.
 */
export function RuleListFrame<R extends RuleRecord, E extends EndpointDef, S extends z.ZodObject>(props: RuleListFrameProps<R, E, S>) {
  const { code, words, api, form } = props;
  type Values = Partial<z.input<S>>;
  const { t } = useTranslation();
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const newRule = { ...NEW_RULE, ...form.newRule } as Values;
  const [values, setValues] = useState<Values>(newRule);
  const { useFields } = form;
  const fields = [...useFields(values), ...(COMMON_FIELDS as FormField<Extract<keyof z.input<S>, string>>[])];
  const adding = editing === 'new';
  const open = (rule: R | 'new') => {
    setValues(rule === 'new' ? newRule : (rule as unknown as Values));
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
        title={t(`nav.${code}`)}
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
        rowKey={(r) => r.id}
        scrollX={props.scrollX}
        // Every rule list sorts by level and created time; its own filters are checked against E.
        searchFields={[
          { name: 'content', labelKey: 'field.content' },
          ...props.search,
          { name: 'level', labelKey: 'field.level', type: 'select', options: LEVEL_OPTIONS },
        ]}
        columns={columns}
        rowActions={[editAction(code, open), removeAction(code, api.remove, { confirmKey: words.confirmRemove })]}
      />
      <ResourceForm
        open={editing !== null}
        mode={adding ? 'add' : 'edit'}
        title={t(adding ? words.add : words.edit)}
        schema={adding ? form.add : form.edit}
        width={600}
        fields={fields}
        initialValues={editing && editing !== 'new' ? (editing as unknown as Values) : newRule}
        extraValues={editing && editing !== 'new' ? ({ id: editing.id } as unknown as Values) : undefined}
        submit={adding ? api.add : api.edit}
        refresh={[api.edit]}
        onValuesChange={(_changed, all) => setValues(all as Values)}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
