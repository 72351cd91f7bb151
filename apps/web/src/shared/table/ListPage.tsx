import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointDef } from '@swap/contracts';
import { TitleBar } from '../TitleBar';
import { ResourceTable, type ResourceTableProps } from './ResourceTable';

export type ListPageProps<T extends object, E extends EndpointDef = EndpointDef> = ResourceTableProps<T, E> & {
  /** The page's title (its h1 and the document title), a text key. */
  titleKey: string;
  /** What the page opens over its list: drawers, dialogs. */
  children?: ReactNode;
};

/**
 * A list page (docs/web-kits.md, "List pages"): its title bar over one ResourceTable, given the
 * table's props, and what the page opens over the list (drawers, dialogs) as children.
 */
export function ListPage<T extends object, E extends EndpointDef = EndpointDef>({ titleKey, children, ...table }: ListPageProps<T, E>) {
  const { t } = useTranslation();
  return (
    <>
      <TitleBar title={t(titleKey)} />
      <ResourceTable<T, E> {...table} />
      {children}
    </>
  );
}
