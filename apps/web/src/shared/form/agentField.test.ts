import { describe, expect, it } from 'vitest';
import { agentOf, shownFields } from './agentField';
import type { FormField } from './types';

const fields: FormField[] = [
  { name: 'merchantId', labelKey: 'field.merchantId', type: 'agent', modes: ['add'] },
  { name: 'price', labelKey: 'field.price', type: 'money' },
  { name: 'password', labelKey: 'field.password', type: 'password', modes: ['add'] },
];

describe('the agent field', () => {
  it('is shown to platform staff only, and only in its modes', () => {
    expect(shownFields(fields, 'add', true).map((field) => field.name)).toEqual(['merchantId', 'price', 'password']);
    expect(shownFields(fields, 'add', false).map((field) => field.name)).toEqual(['price', 'password']);
    expect(shownFields(fields, 'edit', true).map((field) => field.name)).toEqual(['price']);
  });

  it('names the chosen agent, else the record’s, and none before one is chosen', () => {
    expect(agentOf(fields, 7, undefined)).toBe(7);
    expect(agentOf(fields, 7, { merchantId: 3 })).toBe(7);
    expect(agentOf(fields, undefined, { merchantId: 3 })).toBe(3);
    expect(agentOf(fields, undefined, {})).toBeNull();
    expect(agentOf(fields, null, undefined)).toBeNull();
    // A value that is no id names no agent.
    expect(agentOf(fields, 'x', undefined)).toBeNull();
  });

  it('names no agent in a form without the field: the account’s own currency applies', () => {
    expect(agentOf(fields.slice(1), 7, { merchantId: 3 })).toBeUndefined();
  });
});
