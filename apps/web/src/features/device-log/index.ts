/** The device log's entry (docs/architecture.md): the log card of the battery, cabinet and vehicle pages. */
export { DeviceLogCard } from './DeviceLogCard';
