import { useEffect, useId, type ReactNode } from 'react';
import { Drawer, Form, Modal, Spin, type FormInstance } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Currency, EndpointDef } from '@swap/contracts';
import { invalidateResources, request } from '../api/endpoints';
import { fieldErrorsOf, ignoreApiError } from '../api/errors';
import { openDialog } from '../dialogs';
import { ErrorState } from '../StateView';
import { resourceSearchKey } from '../table/useResourceSearch';
import { CurrencyProvider } from '../money';
import { useAgentCurrency } from './agentCurrency';
import { isPlatformUser } from '../session';
import { useUi } from '../ui';
import { FieldInput } from './FieldInput';
import { FormFooter } from './FormFooter';
import { agentOf, shownFields } from './agentField';
import type { FormField, FormMode } from './types';
import { fieldSchema, issuesByField, zodRules } from './zodRules';

export type Values = Record<string, unknown>;

export interface ResourceFormProps<S extends z.ZodObject> {
  open: boolean;
  mode: FormMode;
  /** The payload schema from the contracts (e.g. roleAdd / roleEdit): field rules and the final parse. */
  schema: S;
  fields: FormField<Extract<keyof z.input<S>, string>>[];
  /** Translated title; defaults to form.addTitle / form.editTitle. */
  title?: string;
  /** Where the form shows: a drawer, a modal, or in the page itself (a public page's form, e.g. sign-up). */
  container?: 'drawer' | 'modal' | 'page';
  /** The main button's label (common.save unless given). */
  saveKey?: string;
  width?: number;
  initialValues?: Partial<z.input<S>>;
  /** Loads the record to edit (GET .../detail); fields are filled when it arrives. */
  load?: { queryKey: readonly unknown[]; queryFn: () => Promise<Partial<z.input<S>>> };
  /** Values sent but not edited, e.g. `{ id }` when editing. */
  extraValues?: Partial<z.input<S>>;
  /** Where the parsed payload goes: a declared endpoint (`notificationApi.add`), or a function. */
  submit: EndpointDef | ((values: z.output<S>) => Promise<unknown>);
  onClose: () => void;
  onSaved?: (result: unknown) => void;
  /** Lists (search paths) to reload after saving. */
  refreshPaths?: string[];
  /** Declared endpoints whose resources' cached answers (lists, details, choices) reload after saving. */
  refresh?: readonly EndpointDef[];
  successKey?: string;
  /** Follows the user's input, e.g. to offer fields that depend on another field's value. */
  onValuesChange?: (changed: Values, all: Values) => void;
  /** Inputs that are not one field of the schema (e.g. a permission tree), shown after the fields. */
  children?: ReactNode;
  /** Question asked before sending, for destructive saves (e.g. scrapping a device). */
  confirmKey?: string;
  /** The form's instance, for a page that also sets fields itself (a position picked on the map). */
  form?: FormInstance<Values>;
  /** The currency of the record the form acts on, when it names one (an order being marked paid): its money inputs show it. */
  currency?: Currency;
}

function textLike(field: FormField): boolean {
  const type = field.type ?? 'text';
  return type === 'text' || type === 'password' || type === 'textarea' || type === 'money';
}

/**
 * Form values → payload candidates: untouched text is '' and cleared numbers are absent. An empty
 * optional field whose format refuses '' (an IMEI, a date) is sent as null, meaning "none".
 */
function normalize(fields: FormField[], values: Values, schema: z.ZodObject): Values {
  const out: Values = {};
  for (const [name, value] of Object.entries(values)) {
    const field = fields.find((f) => f.name === name);
    if (field && value === null && field.type !== 'image' && !textLike(field)) continue;
    out[name] = value;
  }
  for (const field of fields) {
    if (!textLike(field)) continue;
    const value = out[field.name];
    if (value !== undefined && value !== null && (typeof value !== 'string' || value.trim() !== '')) continue;
    const shape = fieldSchema(schema, field.name);
    out[field.name] = shape ? emptyValueOf(field, shape) : '';
  }
  return out;
}

/** What an untouched input is checked as (see normalize). */
function emptyValueOf(field: FormField, shape: z.ZodType): unknown {
  if (!textLike(field)) return undefined;
  return !shape.safeParse('').success && shape.safeParse(null).success ? null : '';
}

/** Asks before a destructive save; resolves whether the user went on. */
function confirmed(title: string, content: string, ok: string, cancel: string): Promise<boolean> {
  return new Promise((resolve) => {
    void openDialog('confirm', {
      title,
      content,
      okText: ok,
      cancelText: cancel,
      okButtonProps: { danger: true },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/**
 * A form opened again starts from this opening's initial values. The form's store outlives the
 * drawer's content, and the fields removed when it closed (preserve false) left their last values in
 * it, which win over the next opening's initial values when the form mounts: an edit after an add
 * showed empty, or kept the add's defaults over the record's own values (a rule's clear margin saved
 * as 0). Reset once the form has mounted with the new initial values (the drawer's content is made
 * anew at each opening), not before.
 */
function StartFromInitialValues({ form }: { form: FormInstance<Values> }) {
  useEffect(() => {
    form.resetFields();
  }, [form]);
  return null;
}

/** The form itself; loaded by ResourceForm the first time a form opens. */
export function ResourceFormBody<S extends z.ZodObject>(props: ResourceFormProps<S>) {
  const {
    open,
    mode,
    schema,
    fields,
    title,
    container = 'drawer',
    width,
    initialValues,
    load,
    extraValues,
    submit,
    onClose,
    onSaved,
    refreshPaths = [],
    refresh = [],
    successKey = 'common.saved',
    saveKey = 'common.save',
    onValuesChange,
    children,
    confirmKey,
    form: given,
  } = props;
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const [own] = Form.useForm<Values>();
  const form = given ?? own;
  const formName = `resource-form-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const visible = shownFields(fields, mode, isPlatformUser());
  // Money inputs show the currency of the agent the record is for (docs/web-kits.md, "Forms").
  const chosenAgent: unknown = Form.useWatch((values: Values) => values[fields.find((f) => f.type === 'agent')?.name ?? ''], form);
  const agentCurrency = useAgentCurrency(agentOf(fields, chosenAgent, initialValues));
  const currency = props.currency ?? agentCurrency;
  const labelOf = (name: string) => {
    const field = fields.find((f) => f.name === name);
    return field ? t(field.labelKey) : name;
  };

  const loaded = useQuery({
    queryKey: ['resource-form', ...(load?.queryKey ?? [])],
    queryFn: () => load!.queryFn(),
    enabled: open && !!load,
    gcTime: 0,
    retry: false,
  });
  useEffect(() => {
    if (open && loaded.data) form.setFieldsValue(loaded.data);
  }, [open, loaded.data, form]);

  const mutation = useMutation({
    mutationFn: (payload: z.output<S>) => (typeof submit === 'function' ? submit(payload) : request(submit, payload as never)),
  });

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // antd shows the messages at the fields
    }
    const candidate = { ...(extraValues as Values | undefined), ...normalize(visible, values, schema) };
    const parsed = schema.safeParse(candidate);
    if (!parsed.success) {
      const errors = issuesByField(parsed.error, candidate, labelOf, t);
      form.setFields(Object.entries(errors).map(([name, error]) => ({ name, errors: [error] })));
      return;
    }
    if (confirmKey && !(await confirmed(t('common.confirmTitle'), t(confirmKey), t('common.confirm'), t('common.cancel')))) return;
    try {
      const result = await mutation.mutateAsync(parsed.data);
      void message.success(t(successKey));
      await Promise.all([
        ...refreshPaths.map((path) => queryClient.invalidateQueries({ queryKey: resourceSearchKey(path) })),
        invalidateResources(queryClient, refresh),
      ]);
      onSaved?.(result);
      onClose();
    } catch (error) {
      const serverErrors = fieldErrorsOf(error);
      const known = Object.entries(serverErrors).filter(([name]) => visible.some((field) => field.name === name));
      if (known.length > 0) form.setFields(known.map(([name, text]) => ({ name, errors: [text] })));
      ignoreApiError(error);
    }
  };

  const heading = title ?? t(mode === 'add' ? 'form.addTitle' : 'form.editTitle');
  const busy = mutation.isPending;
  const loadFailed = !!load && loaded.isError;
  const footer = (
    <FormFooter
      onCancel={onClose}
      actions={[
        {
          key: 'save',
          label: t(saveKey),
          primary: true,
          onClick: () => void save(),
          loading: busy,
          disabled: busy || loaded.isFetching || loadFailed,
        },
      ]}
    />
  );
  const body = loadFailed ? (
    <ErrorState title={t('form.loadFailed')} onRetry={() => void loaded.refetch()} />
  ) : (
    <Spin spinning={!!load && loaded.isFetching} description={t('common.loading')}>
      <CurrencyProvider currency={currency}>
        <Form
          form={form}
          name={formName}
          layout="vertical"
          preserve={false}
          initialValues={initialValues}
          onValuesChange={onValuesChange}
          onFinish={() => void save()}
        >
          {visible.map((field) => {
            const label = t(field.labelKey);
            const shape = fieldSchema(schema, field.name);
            // The schema lets the agent be left out (a merchant's staff act for their own): platform staff must choose one.
            const rules =
              field.type === 'agent'
                ? [{ required: true, message: t('message.platformMustChooseAgent') }]
                : shape
                  ? zodRules(shape, label, t, { emptyValue: emptyValueOf(field, shape) })
                  : undefined;
            const readOnly = field.readOnlyIn?.includes(mode) ?? false;
            const name: string = field.name;
            return (
              <Form.Item
                key={name}
                name={name}
                label={label}
                rules={readOnly ? undefined : rules}
                extra={field.helpKey ? t(field.helpKey) : undefined}
              >
                <FieldInput field={field} label={label} readOnly={readOnly} />
              </Form.Item>
            );
          })}
          {children}
          <StartFromInitialValues form={form} />
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Form>
      </CurrencyProvider>
    </Spin>
  );

  if (container === 'page') {
    return open ? (
      <section aria-label={heading}>
        {body}
        {footer}
      </section>
    ) : null;
  }
  if (container === 'modal') {
    return (
      <Modal open={open} title={heading} onCancel={onClose} footer={footer} width={width ?? 560} destroyOnHidden mask={{ closable: !busy }}>
        {body}
      </Modal>
    );
  }
  return (
    <Drawer open={open} title={heading} onClose={onClose} footer={footer} size={width ?? 520} destroyOnHidden mask={{ closable: !busy }}>
      {body}
    </Drawer>
  );
}
