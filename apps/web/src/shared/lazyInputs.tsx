import { lazy, Suspense, useLayoutEffect, useRef, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import Input from 'antd/es/input/Input';
import type { DatePicker as DatePickerType, InputNumber as InputNumberType, TreeSelect as TreeSelectType } from 'antd';
import type { FileInput as FileInputType } from './form/FileInput';
import type { ImageUpload as ImageUploadType } from './form/ImageUpload';
import type { RemoteSelectProps } from './table/RemoteSelect';

/**
 * Heavy inputs load only on screens that use them, so a plain list page stays within its
 * size budget. Each renders a disabled input of the same size while its code arrives.
 */
const DatePickerLazy = lazy(async () => ({
  default: (await import('antd/es/date-picker')).default as ComponentType<ComponentProps<typeof DatePickerType>>,
}));
const RangePickerLazy = lazy(async () => ({
  default: (await import('antd/es/date-picker')).default.RangePicker as ComponentType<ComponentProps<typeof DatePickerType.RangePicker>>,
}));
const TreeSelectLazy = lazy(async () => ({
  default: (await import('antd/es/tree-select')).default as ComponentType<ComponentProps<typeof TreeSelectType>>,
}));
const InputNumberLazy = lazy(async () => ({
  default: (await import('antd/es/input-number')).default as ComponentType<ComponentProps<typeof InputNumberType>>,
}));
const ImageUploadLazy = lazy(async () => ({ default: (await import('./form/ImageUpload')).ImageUpload }));
const FileInputLazy = lazy(async () => ({ default: (await import('./form/FileInput')).FileInput }));
const RemoteSelectLazy = lazy(async () => ({ default: (await import('./table/RemoteSelect')).RemoteSelect }));

const placeholder = <Input disabled aria-hidden="true" tabIndex={-1} />;

/**
 * The picker's hour, minute and second columns scroll but take no keyboard focus of their own; this
 * makes each one a tab stop, so a keyboard user can scroll it with the arrow keys (docs/web-kits.md).
 */
function KeyboardScrollable({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const column of ref.current?.querySelectorAll<HTMLElement>('.ant-picker-time-panel-column') ?? []) column.tabIndex = 0;
  });
  return <div ref={ref}>{children}</div>;
}

const panelRender = (panel: ReactNode) => <KeyboardScrollable>{panel}</KeyboardScrollable>;

export function LazyDatePicker(props: ComponentProps<typeof DatePickerType>) {
  return (
    <Suspense fallback={placeholder}>
      <DatePickerLazy panelRender={panelRender} {...props} />
    </Suspense>
  );
}

export function LazyRangePicker(props: ComponentProps<typeof DatePickerType.RangePicker>) {
  return (
    <Suspense fallback={placeholder}>
      <RangePickerLazy panelRender={panelRender} {...props} />
    </Suspense>
  );
}

export function LazyTreeSelect(props: ComponentProps<typeof TreeSelectType>) {
  return (
    <Suspense fallback={placeholder}>
      <TreeSelectLazy {...props} />
    </Suspense>
  );
}

export function LazyImageUpload(props: ComponentProps<typeof ImageUploadType>) {
  return (
    <Suspense fallback={placeholder}>
      <ImageUploadLazy {...props} />
    </Suspense>
  );
}

export function LazyFileInput(props: ComponentProps<typeof FileInputType>) {
  return (
    <Suspense fallback={placeholder}>
      <FileInputLazy {...props} />
    </Suspense>
  );
}

export function LazyInputNumber(props: ComponentProps<typeof InputNumberType>) {
  return (
    <Suspense fallback={placeholder}>
      <InputNumberLazy {...props} />
    </Suspense>
  );
}

/** A select searched on the server (shared/table/RemoteSelect.tsx), loaded with the first screen that shows one. */
export function LazyRemoteSelect(props: RemoteSelectProps) {
  return (
    <Suspense fallback={placeholder}>
      <RemoteSelectLazy {...props} />
    </Suspense>
  );
}
