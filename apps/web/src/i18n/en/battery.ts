/** Batteries: list and detail. */
export const battery = {
  'battery.bound': 'Bound to a vehicle',
  'battery.free': 'Not bound',
  'battery.detailTitle': 'Battery {number}',
  'battery.loadFailed': 'The battery could not be loaded.',
  'battery.cell': 'Cell',
  'battery.cellSummary': '{count} cells, lowest {min} V, highest {max} V, spread {spread} mV',
  'battery.noCells': 'No cell voltages reported yet',
};
