import type { FormField, FormMode } from './types';

/**
 * The fields a form shows: those of its mode; the agent field (type `agent`) only to platform
 * staff, who must choose the agent a record belongs to. A merchant's staff act for their own
 * merchant, which the server fills in.
 */
export function shownFields<F extends FormField>(fields: readonly F[], mode: FormMode, platform: boolean): F[] {
  return fields.filter((field) => (!field.modes || field.modes.includes(mode)) && (field.type !== 'agent' || platform));
}

/**
 * The agent a form acts for, whose currency its money inputs show: the one chosen, else the
 * record's own (an edit form shows no agent field; the record names its agent); null while none is
 * chosen; undefined when the form names no agent at all.
 */
export function agentOf(
  fields: readonly FormField[],
  chosen: unknown,
  initialValues: Record<string, unknown> | undefined,
): number | null | undefined {
  const agent = fields.find((field) => field.type === 'agent');
  if (!agent) return undefined;
  const value = chosen ?? initialValues?.[agent.name];
  return typeof value === 'number' ? value : null;
}
