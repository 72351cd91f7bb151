import { describe, expect, it } from 'vitest';
import type { OptionsInput } from '../table/types';
import { withFixedChoices } from './optionSources';

/** A server-searched source that records what it was asked. */
function recordingSource(rows: { value: number; label: string }[]) {
  const asked: OptionsInput[] = [];
  return {
    asked,
    source: {
      key: ['/admin/merchant/options'],
      load: (input: OptionsInput) => {
        asked.push(input);
        const ids = input.ids ?? [];
        return Promise.resolve(rows.filter((row) => ids.includes(row.value) || (input.keyword ? row.label.includes(input.keyword) : true)));
      },
    },
  };
}

describe('withFixedChoices', () => {
  const platform = { value: 0, labelKey: 'deviceRegistry.platformStock' };

  it('offers its own choices first, then what the server found', async () => {
    const { source } = recordingSource([{ value: 7, label: 'Acme' }]);
    const owners = withFixedChoices(source, [platform]);
    expect(await owners.load({})).toEqual([platform, { value: 7, label: 'Acme' }]);
    expect(owners.key).not.toEqual(source.key);
  });

  it('never sends its own values to the server: a held 0 alone asks for no id', async () => {
    const { source, asked } = recordingSource([{ value: 7, label: 'Acme' }]);
    const owners = withFixedChoices(source, [platform]);
    expect((await owners.load({ ids: [0] })).map((row) => row.value)).toContain(0);
    await owners.load({ ids: [0, 7], keyword: 'Ac' });
    expect(asked).toEqual([{ ids: undefined }, { ids: [7], keyword: 'Ac' }]);
  });
});
