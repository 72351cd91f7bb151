import { useEffect, useState } from 'react';
import { Select, Spin } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OptionSource } from './types';

/** How long the select waits after the last key before it asks the server. */
export const SEARCH_DELAY_MS = 300;

export interface RemoteSelectProps {
  source: OptionSource;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
  [aria: `aria-${string}`]: string | undefined;
}

function idsOf(value: unknown): number[] {
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  return values.filter((item): item is number => typeof item === 'number');
}

/**
 * A select whose choices the server searches (docs/web-kits.md, "Inputs"): nothing is read until it
 * opens, or unless it holds a value (whose label is asked for by id, so a saved value or one from the
 * address shows its name); what the user types is sent as the keyword 300 ms after the last key.
 * Choices are kept per language, since a source may word its labels in the reader's language.
 */
export function RemoteSelect({ source, id, value, onChange, multiple, disabled, placeholder, ...aria }: RemoteSelectProps) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const ids = idsOf(value);
  const input = { ...(keyword ? { keyword } : {}), ...(ids.length ? { ids } : {}) };
  const query = useQuery({
    // Keyed by the language too: a source may word its labels (a station's type), so a language switch asks again.
    queryKey: [...source.key, 'choices', i18n.language, input],
    queryFn: ({ signal }) => source.load(input, signal),
    enabled: opened || ids.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
  const searching = query.isFetching || typed.trim() !== keyword;
  const choices = (query.data ?? []).map((option) => ({
    value: option.value,
    label: option.labelKey ? t(option.labelKey) : (option.label ?? String(option.value)),
  }));
  // A held value the server's own answer leaves out is one the caller may not see: named by the source's words for it.
  const { missingLabelKey } = source;
  const unnamed =
    missingLabelKey && query.isSuccess && !query.isPlaceholderData
      ? ids.filter((held) => !choices.some((choice) => choice.value === held)).map((held) => ({ value: held, label: t(missingLabelKey) }))
      : [];
  return (
    <Select
      {...aria}
      id={id}
      value={value as never}
      onChange={(next) => {
        setTyped('');
        onChange?.(next);
      }}
      disabled={disabled}
      allowClear
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onOpenChange={(open) => {
        if (open) setOpened(true);
        else setTyped('');
      }}
      loading={searching && opened}
      notFoundContent={searching ? <Spin size="small" /> : undefined}
      options={[...choices, ...unnamed] as never}
      placeholder={placeholder}
      style={{ width: '100%' }}
    />
  );
}
