import {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CloudUploadOutlined,
  ControlOutlined,
  DashboardOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  GlobalOutlined,
  HistoryOutlined,
  InboxOutlined,
  LineChartOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** The icons the menu tree names; listed one by one so only these reach the bundle. */
const ICONS: Record<string, ComponentType> = {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CloudUploadOutlined,
  ControlOutlined,
  DashboardOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  GlobalOutlined,
  HistoryOutlined,
  InboxOutlined,
  LineChartOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserOutlined,
};

/** The icon the menu tree names (loaded by MenuIcon, in a chunk of its own). */
export default function MenuIconOf({ name }: { name: string }) {
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
