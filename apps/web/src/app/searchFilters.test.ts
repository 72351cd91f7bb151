import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { batteryApi, cabinetApi, commandApi, deviceTypeApi, swapApi, appointmentApi, vehicleApi, type EndpointDef } from '@swap/contracts';
import { batterySearchFields } from '../features/battery/batteryModel';
import { cabinetSearchFields } from '../features/cabinet/cabinetModel';
import { HISTORY_SEARCH_FIELDS } from '../features/command/commandModel';
import { TYPE_KINDS } from '../features/device-type/deviceTypeModel';
import { APPOINTMENT_SEARCH_FIELDS, SWAP_SEARCH_FIELDS } from '../features/swap/swapModel';
import { vehicleSearchFields } from '../features/vehicle/vehicleModel';
import type { SearchField } from '../shared/table';

/**
 * The server refuses a filter its endpoint does not declare (docs/api.md, "Strict input"). Type-checking
 * holds every search form to its endpoint; this test reads the shared search-field lists against
 * the declared schemas themselves, so a filter the web offers is one the server takes.
 */
function sentNames(fields: SearchField[]): string[] {
  return fields.flatMap((field) =>
    field.type === 'dateRange' ? (field.rangeKeys ?? [`${field.name}From`, `${field.name}To`]) : [field.name],
  );
}

function declaredFilters(endpoint: EndpointDef): string[] {
  return Object.keys((endpoint.body as z.ZodObject).shape);
}

const owners = { key: ['owners'], load: () => Promise.resolve([{ value: 0, label: 'Platform' }]) };
const lists: [string, EndpointDef, SearchField[]][] = [
  ['battery', batteryApi.search, batterySearchFields([], owners)],
  ['vehicle', vehicleApi.search, vehicleSearchFields([], owners)],
  ['cabinet', cabinetApi.search, cabinetSearchFields([], owners, { key: ['stations'], load: () => Promise.resolve([]) })],
  ['cabinet commands', commandApi.cabinetSearch, HISTORY_SEARCH_FIELDS],
  ['battery commands', commandApi.batterySearch, HISTORY_SEARCH_FIELDS],
  ['swaps', swapApi.search, SWAP_SEARCH_FIELDS],
  ['reservations', appointmentApi.search, APPOINTMENT_SEARCH_FIELDS],
  ...(['battery', 'vehicle', 'cabinet'] as const).map(
    (kind) => [`${kind} types`, deviceTypeApi[kind].search, TYPE_KINDS[kind].searchFields] as [string, EndpointDef, SearchField[]],
  ),
];

describe('search forms send only declared filters', () => {
  for (const [name, endpoint, fields] of lists) {
    it(name, () => {
      const declared = declaredFilters(endpoint);
      expect(sentNames(fields).filter((filter) => !declared.includes(filter))).toEqual([]);
    });
  }

  it('offers no IMEI filter on the vehicle list (vehicles have none)', () => {
    expect(sentNames(vehicleSearchFields([], owners))).not.toContain('imei');
    expect(sentNames(batterySearchFields([], owners))).toContain('imei');
  });
});
