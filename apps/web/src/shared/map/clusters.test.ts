import { describe, expect, it } from 'vitest';
import { clusterIndex, type MapMarker } from './clusters';

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

/** n markers in a 0.01° square around Jakarta, and one in Bangkok. */
function markers(n: number): MapMarker[] {
  const jakarta = Array.from({ length: n }, (_, i) => ({
    id: i,
    lat: -6.2 + (i % 10) * 0.001,
    lng: 106.8 + Math.floor(i / 10) * 0.001,
    label: `J${i}`,
  }));
  return [...jakarta, { id: 'bkk', lat: 13.75, lng: 100.5, label: 'Bangkok' }];
}

describe('marker groups', () => {
  it('draws a crowd as one group with its count at a country view, and the lone marker on its own', () => {
    const items = clusterIndex(markers(100)).itemsIn(WORLD, 5);
    expect(items).toHaveLength(2);
    const group = items.find((item) => item.kind === 'cluster');
    expect(group).toMatchObject({ kind: 'cluster', count: 100 });
    expect(group!.kind === 'cluster' && group!.expansionZoom).toBeGreaterThan(5);
    expect(items.find((item) => item.kind === 'marker')).toEqual({
      kind: 'marker',
      marker: { id: 'bkk', lat: 13.75, lng: 100.5, label: 'Bangkok' },
    });
  });

  it('counts a group’s markers by state: a station group is drawn in its states’ shares', () => {
    const tones = ['online', 'online', 'offline', 'alarm'] as const;
    const toned = markers(100).map((marker, i) => ({ ...marker, tone: tones[i % 4] }));
    const group = clusterIndex(toned)
      .itemsIn(WORLD, 5)
      .find((item) => item.kind === 'cluster');
    expect(group).toMatchObject({ kind: 'cluster', count: 100, tones: { online: 50, offline: 25, alarm: 25 } });
  });

  it('draws every marker on its own from the closest zoom', () => {
    const items = clusterIndex(markers(100)).itemsIn(WORLD, 18);
    expect(items.filter((item) => item.kind === 'marker')).toHaveLength(101);
  });

  it('draws only what lies in the view', () => {
    const items = clusterIndex(markers(10)).itemsIn([100, 13, 101, 14], 10);
    expect(items).toEqual([{ kind: 'marker', marker: expect.objectContaining({ id: 'bkk' }) }]);
  });

  it('leaves out a marker without a valid position instead of failing', () => {
    const bad = [
      { id: 'nan', lat: Number.NaN, lng: 100, label: 'x' },
      { id: 'far', lat: 95, lng: 100, label: 'y' },
    ];
    expect(clusterIndex([...bad, ...markers(0)]).itemsIn(WORLD, 18)).toHaveLength(1);
  });
});
