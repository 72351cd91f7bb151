import type { ReactNode } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnswerOf, EndpointDef } from '@swap/contracts';
import { Can } from '../Can';
import type { Gate } from '../permissions';
import { TitleBar } from '../TitleBar';
import { ResourceTable, type ResourceTableProps } from './ResourceTable';

/** A record of the list its search endpoint `E` answers (any object while `E` is not known yet). */
export type ListRecord<E extends EndpointDef> = string extends E['path']
  ? object
  : AnswerOf<E> extends { records: readonly (infer R)[] }
    ? Extract<R, object>
    : never;

type RowKey<T> = ResourceTableProps<T & object>['rowKey'];

/** The title bar's Add button: shown to holders of its code, it opens the page's add form. */
export interface AddButton extends Gate {
  labelKey: string;
  onClick: () => void;
}

export type ListPageProps<E extends EndpointDef> = Omit<ResourceTableProps<ListRecord<E>, E>, 'endpoints' | 'rowKey'> & {
  /** The page's title (its h1 and the document title), a text key. */
  titleKey: string;
  /**
   * The list's declared search and, when it has one, its CSV export: a resource's endpoint group
   * may be given whole (`endpoints={notificationApi}` takes its `search` and `export`). The server
   * names the exported file.
   */
  endpoints: { search: E; export?: EndpointDef };
  /** The title bar's Add button. */
  add?: AddButton;
  /** Other title-bar buttons, after Add. */
  operate?: ReactNode;
  /** What the page opens over its list: drawers, dialogs. */
  children?: ReactNode;
} & ('id' extends keyof ListRecord<E> ? { rowKey?: RowKey<ListRecord<E>> } : { rowKey: RowKey<ListRecord<E>> });

/**
 * A list page (docs/web-kits.md, "List pages"): its title bar (title, Add, other buttons) over one
 * ResourceTable of the declared list, its rows keyed by `id` unless told, and what the page opens
 * over the list (drawers, dialogs) as children. The record type follows from the search endpoint.
 */
export function ListPage<E extends EndpointDef>({ titleKey, add, operate, children, rowKey, ...table }: ListPageProps<E>) {
  const { t } = useTranslation();
  const buttons =
    add || operate ? (
      <>
        {add ? (
          <Can code={add.code} platformOnly={add.platformOnly}>
            <Button type="primary" icon={<PlusOutlined />} onClick={add.onClick}>
              {t(add.labelKey)}
            </Button>
          </Can>
        ) : null}
        {operate}
      </>
    ) : undefined;
  return (
    <>
      <TitleBar title={t(titleKey)} operate={buttons} />
      <ResourceTable<ListRecord<E>, E> {...table} rowKey={rowKey ?? ('id' as RowKey<ListRecord<E>>)} />
      {children}
    </>
  );
}
