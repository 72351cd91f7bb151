import { Suspense, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EndpointDef, FilterOf } from '@swap/contracts';
import { ResourceTable, type ResourceColumn, type RowAction, type SearchField } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { fieldKey } from '../../shared/devices';
import { isPlatformUser } from '../../shared/session';
import { ORDER_ROUTES, ORDER_STATUS_MAP, orderSearchFields, type OrderListRecord } from './orderKind';

export interface OrderKindListProps<T extends OrderListRecord, E extends EndpointDef> {
  kind: string;
  /** The kind's list and export calls (contracts orderEndpointsOf). */
  api: { search: E; export: EndpointDef };
  titleKey: string;
  /** The title bar's buttons: `PlaceOrderButton` where staff place orders of the kind. */
  operate?: ReactNode;
  /** The detail page of an order (the number's link and the View action). */
  detail?: (order: T) => string;
  /** The kind's own search fields, between the customer's number and the status. */
  search?: SearchField<FilterOf<E>>[];
  /** The kind's states, when it has more than the six (contracts REFUNDABLE_ORDER_STATUSES). */
  statuses?: readonly string[];
  /**
   * The kind's own columns: `middle` between the customer and the status, `after` after the status
   * (the amounts, the city), `last` before the created time.
   */
  columns: { middle?: ResourceColumn<T>[]; after?: ResourceColumn<T>[]; last?: ResourceColumn<T>[] };
  /** The staff steps on a row after View (pay, hand over, cancel…), each shown while it may be taken. */
  steps: RowAction<T>[];
  scrollX: number;
  /** Other drawers of the page (a step that asks for more than a confirmation). */
  children?: ReactNode;
}

/**
 * The list page of an order kind (docs/web-kits.md, "Order kinds"): the title and its buttons, the
 * search form, the columns every kind shows (number, customer, status, merchant for platform staff,
 * created) around the kind's own, newest first, View and the kind's steps on each row.
 */
export function OrderKindList<T extends OrderListRecord, E extends EndpointDef>(props: OrderKindListProps<T, E>) {
  const { kind, api, columns } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detail = props.detail ?? ORDER_ROUTES.detail;
  return (
    <>
      <TitleBar title={t(props.titleKey)} operate={props.operate} />
      <ResourceTable<T>
        key={kind}
        endpoints={{ search: api.search, export: api.export }}
        rowKey={(r) => r.id}
        scrollX={props.scrollX}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        // Every kind sorts by number and created time (contracts orderEndpointsOf); its own filters are checked against E.
        searchFields={orderSearchFields(props.search, props.statuses)}
        columns={[
          {
            key: 'orderNo',
            titleKey: fieldKey('orderNo'),
            sortable: true,
            width: 190,
            render: (r) => <Link to={detail(r)}>{r.orderNo}</Link>,
          },
          {
            key: 'customerNumber',
            titleKey: fieldKey('customerNumber'),
            width: 130,
            render: (r) => <Link to={ORDER_ROUTES.customer(r.customerId)}>{r.customerNumber}</Link>,
          },
          { key: 'customerName', titleKey: fieldKey('customerName'), width: 160 },
          ...(columns.middle ?? []),
          { key: 'status', titleKey: fieldKey('status'), kind: 'status', statusMap: ORDER_STATUS_MAP, width: 160 },
          ...(columns.after ?? []),
          ...(isPlatformUser() ? [{ key: 'merchantName', titleKey: fieldKey('merchantId'), width: 160 }] : []),
          ...(columns.last ?? []),
          { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
        ]}
        rowActions={[{ key: 'view', labelKey: 'common.view', onClick: (r) => void navigate(detail(r)) }, ...props.steps]}
      />
      <Suspense fallback={null}>{props.children}</Suspense>
    </>
  );
}
