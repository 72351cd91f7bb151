import { describe, expect, it } from 'vitest';
import { DEFAULT_DEVICE_DEMO_SECRET } from '@swap/contracts';
import { loadConfig } from './config.js';

describe('configuration', () => {
  describe('the demo devices’ master key', () => {
    it('is the public default only in demo mode', () => {
      expect(loadConfig({}).deviceDemoSecret).toBe(DEFAULT_DEVICE_DEMO_SECRET);
      expect(loadConfig({ DEMO: '1', DEVICE_DEMO_SECRET: 'our-own-key' }).deviceDemoSecret).toBe('our-own-key');
      // Outside demo mode nothing derives from a key nobody set.
      expect(loadConfig({ DEMO: '0' }).deviceDemoSecret).toBeUndefined();
      expect(loadConfig({ DEMO: '0', DEVICE_DEMO_SECRET: 'our-own-key' }).deviceDemoSecret).toBe('our-own-key');
    });

    it('refuses to start with DEMO=0 while the key is the public default, saying why', () => {
      for (const demo of ['0', 'false'])
        expect(() => loadConfig({ DEMO: demo, DEVICE_DEMO_SECRET: DEFAULT_DEVICE_DEMO_SECRET })).toThrow(
          'DEVICE_DEMO_SECRET is the public demo key, which must not be used with DEMO=0: unset it, or set a secret of your own',
        );
    });
  });

  describe('the embedded broker’s limits', () => {
    it('default to 256 KB packets, 20,000 connections and 10 s to send CONNECT', () => {
      const config = loadConfig({});
      expect(config.mqttMaxPacketBytes).toBe(262_144);
      expect(config.mqttMaxConnections).toBe(20_000);
      expect(config.mqttConnectTimeoutSeconds).toBe(10);
    });

    it('are read from the environment', () => {
      const config = loadConfig({ MQTT_MAX_PACKET_BYTES: '65536', MQTT_MAX_CONNECTIONS: '500', MQTT_CONNECT_TIMEOUT_SECONDS: '3' });
      expect(config.mqttMaxPacketBytes).toBe(65_536);
      expect(config.mqttMaxConnections).toBe(500);
      expect(config.mqttConnectTimeoutSeconds).toBe(3);
    });

    it('refuse values that would turn a limit off or stop devices from signing in', () => {
      expect(() => loadConfig({ MQTT_MAX_PACKET_BYTES: '1000' })).toThrow('MQTT_MAX_PACKET_BYTES must be between 16384 and 268435455');
      expect(() => loadConfig({ MQTT_MAX_PACKET_BYTES: '300000000' })).toThrow('MQTT_MAX_PACKET_BYTES must be between');
      expect(() => loadConfig({ MQTT_MAX_CONNECTIONS: '0' })).toThrow('MQTT_MAX_CONNECTIONS must be a positive whole number');
      expect(() => loadConfig({ MQTT_CONNECT_TIMEOUT_SECONDS: '-1' })).toThrow(
        'MQTT_CONNECT_TIMEOUT_SECONDS must be a positive whole number',
      );
    });
  });

  describe('map tiles', () => {
    it('are off unless MAP_TILE_URL names a template with {z}, {x} and {y}', () => {
      expect(loadConfig({}).mapTileUrl).toBeUndefined();
      const config = loadConfig({ MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Example' });
      expect(config.mapTileUrl).toBe('https://{s}.tile.example.org/{z}/{x}/{y}.png');
      expect(config.mapTileAttribution).toBe('© Example');
    });

    it('refuse a URL that is not an http(s) tile template', () => {
      for (const bad of [
        'https://tile.example.org/tiles.png',
        'javascript:alert(1)//{z}/{x}/{y}',
        'ftp://tile.example.org/{z}/{x}/{y}.png',
        '{z}/{x}/{y}',
      ])
        expect(() => loadConfig({ MAP_TILE_URL: bad })).toThrow('MAP_TILE_URL must be an http(s) URL template');
    });
  });
});
