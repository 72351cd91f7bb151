import { createElement, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { refundsThroughGateway, type EndpointDef } from '@swap/contracts';
import { ConfirmButton } from '../../shared/confirm';
import type { DetailAction } from '../../shared/detail';
import { useEndpointMutation } from '../../shared/api/endpoints';
import type { RowAction } from '../../shared/table';
import { useUi } from '../../shared/ui';
import { useOrderKindOf } from './orderKind';

interface OrderStepBase<T> {
  key: string;
  labelKey: string;
  /** The permission code that lets staff take it. */
  code: string;
  /** Whether the order's status (or more) allows it now. */
  when: (order: T) => boolean;
  danger?: boolean;
  /** The detail page's main step: a primary button. */
  primary?: boolean;
  /** The detail page's button icon. */
  icon?: ComponentType;
}

/**
 * A step staff take on an order (pay, hand over, cancel, refund…), declared once for the list's rows
 * and the detail page's title bar (docs/web-kits.md, "Order kinds"): either a call of a declared
 * endpoint with the order's id, asked first and told when done, or a drawer of the page it opens.
 */
export type OrderStep<T extends { id: number }> = OrderStepBase<T> &
  ({ endpoint: EndpointDef; confirmKey: string; doneKey: string; opens?: never } | { opens: string; endpoint?: never });

/**
 * The refund of a kind, as two steps of one permission (docs/orders.md, "Refunds"): "Refund to
 * wallet" for an order paid from the wallet, "Refund through the gateway" for one paid through a
 * gateway, each while `refundable` says the order may be refunded. The texts are the feature's own,
 * `<texts>.refund`, `.refundConfirm`, `.refunded` and the same with `Gateway`.
 */
export function refundSteps<T extends { id: number; paymentGateway: string | null }>(options: {
  code: string;
  endpoint: EndpointDef;
  refundable: (order: T) => boolean;
  texts: string;
}): OrderStep<T>[] {
  const { code, endpoint, refundable, texts } = options;
  return [
    {
      key: 'refund',
      labelKey: `${texts}.refund`,
      code,
      when: (order) => refundable(order) && !refundsThroughGateway(order),
      endpoint,
      confirmKey: `${texts}.refundConfirm`,
      doneKey: `${texts}.refunded`,
    },
    {
      key: 'refundGateway',
      labelKey: `${texts}.refundGateway`,
      code,
      when: (order) => refundable(order) && refundsThroughGateway(order),
      endpoint,
      confirmKey: `${texts}.refundGatewayConfirm`,
      doneKey: `${texts}.refundedGateway`,
    },
  ];
}

/**
 * The steps of a family of order kinds declared once (docs/web-kits.md, "Order kinds"): the kinds
 * share a state table (`allowed`), an endpoint set per kind (`api`), a permission code per kind
 * (`codeOf`: a step's code is `<code>.<endpoint>`) and the feature's texts (`texts`: a step `key`
 * is worded `<texts>.<key>`, asked `<texts>.<key>Confirm`). Gives the kind read from the address
 * (`useKind`),
 * `can(step)` for `when`, a call step, a drawer step, cancel (`<texts>.cancelled`) and the refund's
 * two steps (texts `refundTexts(kind)`, by default `texts`).
 */
export function orderKindSteps<
  T extends { id: number; status: string; paymentGateway: string | null },
  K extends string,
  S extends string,
>(family: {
  kinds: readonly [K, ...K[]];
  codeOf: (kind: K) => string;
  allowed: (step: S, status: T['status']) => boolean;
  api: Readonly<Record<K, object>>;
  texts: string;
  refundable: (order: T) => boolean;
  refundTexts?: (kind: K) => string;
}) {
  const { codeOf, texts } = family;
  const can = (step: S) => (order: T) => family.allowed(step, order.status);
  const endpointOf = (kind: K, name: string): EndpointDef => {
    const endpoint = (family.api[kind] as Record<string, EndpointDef | undefined>)[name];
    if (!endpoint) throw new Error(`No endpoint ${name} for order kind ${kind}`);
    return endpoint;
  };
  /** A step that calls the kind's endpoint (by default named as the step's `key`, itself the state table's step). */
  const call = (
    kind: K,
    step: S,
    options: { doneKey: string; key?: string; endpoint?: string; confirmKey?: string; primary?: boolean; danger?: boolean },
  ): OrderStep<T> => {
    const key = options.key ?? step;
    const endpoint = options.endpoint ?? key;
    return {
      key,
      labelKey: `${texts}.${key}`,
      code: `${codeOf(kind)}.${endpoint}`,
      when: can(step),
      primary: options.primary,
      danger: options.danger,
      endpoint: endpointOf(kind, endpoint),
      confirmKey: options.confirmKey ?? `${texts}.${key}Confirm`,
      doneKey: options.doneKey,
    };
  };
  /** A step that opens the page's drawer of its `key` (its code `<code>.<key>`) while the state table allows `step`. */
  const drawer = (kind: K, key: string, step: S): OrderStep<T> => ({
    key,
    labelKey: `${texts}.${key}`,
    code: `${codeOf(kind)}.${key}`,
    when: can(step),
    opens: key,
  });
  const cancel = (kind: K) => call(kind, 'cancel' as S, { danger: true, doneKey: `${texts}.cancelled` });
  const refund = (kind: K) =>
    refundSteps<T>({
      code: `${codeOf(kind)}.refund`,
      endpoint: endpointOf(kind, 'refund'),
      refundable: family.refundable,
      texts: family.refundTexts?.(kind) ?? texts,
    });
  /** The kind a page shows, from its address. */
  const useKind = (): K => useOrderKindOf(family.kinds);
  return { useKind, codeOf, can, call, drawer, cancel, refund };
}

/** The steps as row actions after View; a drawer step calls `open(step key, order)`. */
export function orderStepRowActions<T extends { id: number }>(
  steps: readonly OrderStep<T>[],
  open?: (drawer: string, order: T) => void,
): RowAction<T>[] {
  return steps.map((step) => {
    const base = { key: step.key, labelKey: step.labelKey, code: step.code, danger: step.danger, hidden: (order: T) => !step.when(order) };
    if (step.opens !== undefined) {
      const drawer = step.opens;
      return { ...base, onClick: (order: T) => open?.(drawer, order) };
    }
    return {
      ...base,
      confirmKey: step.confirmKey,
      successKey: step.doneKey,
      call: { endpoint: step.endpoint, input: (order: T) => ({ id: order.id }) },
    };
  });
}

/** The steps as the detail page's title-bar actions; a drawer step opens the page's drawer of its name. */
export function orderStepActions<T extends { id: number }>(steps: readonly OrderStep<T>[]): DetailAction<T>[] {
  return steps.map((step) => {
    const base = { key: step.key, code: step.code, labelKey: step.labelKey, when: step.when };
    if (step.opens !== undefined) return { ...base, opens: step.opens, danger: step.danger, icon: step.icon && createElement(step.icon) };
    return { ...base, render: (order: T) => <OrderStepButton order={order} step={step} /> };
  });
}

/** A call step's button: asks, calls with the order's id, reloads the order and its lists, says it is done. */
function OrderStepButton<T extends { id: number }>({
  order,
  step,
}: {
  order: T;
  step: OrderStepBase<T> & { endpoint: EndpointDef; confirmKey: string; doneKey: string };
}) {
  const { t } = useTranslation();
  const { message } = useUi();
  const call = useEndpointMutation(step.endpoint);
  return (
    <ConfirmButton
      type={step.primary ? 'primary' : 'default'}
      size="middle"
      danger={step.danger}
      icon={step.icon && createElement(step.icon)}
      labelKey={step.labelKey}
      confirmKey={step.confirmKey}
      code={step.code}
      onConfirm={async () => {
        await call({ id: order.id } as never);
        void message.success(t(step.doneKey));
      }}
    />
  );
}
